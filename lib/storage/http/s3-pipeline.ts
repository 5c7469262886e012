import type { Principal } from '../auth/principal';
import { type AccessKeyResolver, authenticate } from '../auth/request-authenticator';
import { RequestBuckets } from '../buckets/request-buckets';
import { BUCKET_ROUTES } from '../controllers/bucket-controller';
import { OBJECT_ROUTES } from '../controllers/object-controller';
import { type ResourceLevel, type RouteTable, routeFor } from '../controllers/s3-call';
import { SERVICE_ROUTES } from '../controllers/service-controller';
import { StorageError } from '../errors';
import { header, type S3Request } from '../requests/s3-request';
import type { S3Response } from '../requests/s3-response';
import { subresourceOf } from '../requests/subresources';
import type { StorageDeps } from '../storage-deps';
import { chargeRequest } from './usage-charge';

const METHODS = new Set(['GET', 'HEAD', 'PUT', 'POST', 'DELETE']);
const LEVELS: Record<ResourceLevel, RouteTable> = { SERVICE: SERVICE_ROUTES, BUCKET: BUCKET_ROUTES, OBJECT: OBJECT_ROUTES };

/**
 * One S3 request through the pipeline: method check, authentication (exactly one mechanism), payment
 * consent, the controller of its resource level, then the usage charge of the bucket it touched.
 */
export async function handleS3Request(deps: StorageDeps, keys: AccessKeyResolver, request: S3Request): Promise<S3Response> {
  if (!METHODS.has(request.method)) throw new StorageError('MethodNotAllowed', undefined, { Method: request.method });
  const authenticated = await authenticate(request, keys, deps.now());
  const principal = withPaymentConsent(authenticated.principal, request);
  const level: ResourceLevel = request.bucket === undefined ? 'SERVICE' : request.key === undefined ? 'BUCKET' : 'OBJECT';
  const action = routeFor(LEVELS[level], level, subresourceOf(request), request.method);
  const buckets = new RequestBuckets(deps.buckets);
  const { body, checksum } = authenticated;
  const response = await action({
    deps: { ...deps, buckets },
    keys,
    principal,
    request,
    bucket: request.bucket ?? '',
    key: request.key ?? '',
    body,
    checksum,
  });
  const bucket = request.bucket === undefined ? undefined : buckets.remembered(request.bucket);
  return bucket ? chargeRequest(deps, bucket, principal, body, response) : response;
}

/** `x-amz-request-payer: requester` travels with the principal, for the evaluator. */
function withPaymentConsent(principal: Principal, request: S3Request): Principal {
  if (principal.kind !== 'user' || header(request, 'x-amz-request-payer')?.toLowerCase() !== 'requester') return principal;
  return { ...principal, paysAsRequester: true };
}
