import { claimedAccessKey } from '../auth/claimed-access-key';
import { authenticate } from '../auth/request-authenticator';
import { RequestBuckets } from '../buckets/request-buckets';
import { BUCKET_ROUTES } from '../controllers/bucket-controller';
import { OBJECT_ROUTES } from '../controllers/object-controller';
import { type ResourceLevel, type RouteTable, routeFor } from '../controllers/s3-call';
import { SERVICE_ROUTES } from '../controllers/service-controller';
import { actualRequestCorsHeaders } from '../cors/actual-request-cors';
import { corsPreflight } from '../cors/bucket-cors';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import type { RequestReader, RequestReadPlan, RequestReads } from '../model/request-reads';
import type { AccessKeyResolver } from '../model/storage-user';
import { assertKeyFits } from '../objects/object-key';
import { requestObjects } from '../objects/request-objects';
import { assertExpectedBucketOwners } from '../ownership/expected-bucket-owner';
import { assertRequestHeaders } from '../requests/request-header-rules';
import { hasQueryParam, header, type S3Request } from '../requests/s3-request';
import { emptyResult, type S3Response } from '../requests/s3-response';
import { subresourceOf } from '../requests/subresources';
import { limitAuthFailures } from '../store/auth-failure-limit';
import type { StorageDeps } from '../store/storage-deps';
import { type RequestTrace, recordAccess } from './access-recording';
import { answerContinueProbe, isContinueProbe } from './continue-probe';
import { withRequestFacts } from './request-facts';
import { chargeRequest } from './usage-charge';

const METHODS = new Set(['GET', 'HEAD', 'PUT', 'POST', 'DELETE']);
const LEVELS: Record<ResourceLevel, RouteTable> = { SERVICE: SERVICE_ROUTES, BUCKET: BUCKET_ROUTES, OBJECT: OBJECT_ROUTES };

/**
 * One S3 request through the pipeline: a CORS preflight is answered from the bucket's rules without
 * authentication; anything else goes through the method check, authentication (exactly one mechanism), the
 * request header rules (every `x-amz-*` header honoured or refused), the expected bucket owners, payment consent, the controller of its resource level and the usage charge of the bucket it touched,
 * and leaves with the bucket's CORS headers when a browser sent an Origin (errors included). With a `reader`, what
 * the request needs that is addressable up front (the access key it claims, its bucket, its object) is read in one
 * round trip before it runs; its first read of each is answered from that.
 */
export async function handleS3Request(
  deps: StorageDeps,
  keys: AccessKeyResolver,
  request: S3Request,
  reader?: RequestReader,
): Promise<S3Response> {
  if (request.method === 'OPTIONS') {
    const headers = await corsPreflight(deps, {
      bucket: request.bucket,
      origin: header(request, 'origin'),
      method: header(request, 'access-control-request-method'),
      headers: header(request, 'access-control-request-headers'),
    });
    return emptyResult(200, headers);
  }
  if (isContinueProbe(request)) return answerContinueProbe(deps, keys, request);
  const buckets = new RequestBuckets(deps.buckets);
  const trace: RequestTrace = { startedAt: deps.now() };
  try {
    const response = await serve({ ...deps, buckets }, keys, request, reader, trace);
    await recordAccess(deps, buckets, request, trace, response);
    const cors = await corsHeaders(buckets, request);
    return { ...response, headers: { ...response.headers, ...cors } };
  } catch (error) {
    if (error instanceof StorageError) await recordAccess(deps, buckets, request, trace, error);
    if (!(error instanceof StorageError) || header(request, 'origin') === undefined) throw error;
    const cors = await corsHeaders(buckets, request).catch(() => ({}));
    throw new StorageError(error.code, error.message, error.details, { ...error.headers, ...cors });
  }
}

async function serve(
  plainDeps: StorageDeps & { buckets: RequestBuckets },
  plainKeys: AccessKeyResolver,
  request: S3Request,
  reader: RequestReader | undefined,
  trace: RequestTrace,
) {
  if (!METHODS.has(request.method)) throw new StorageError('MethodNotAllowed', undefined, { Method: request.method });
  if (request.key !== undefined) assertKeyFits(request.key);
  const plan = readPlan(request);
  const reads = reader ? await reader.read(plan) : {};
  const { deps, keys } = withReads(plainDeps, plainKeys, plan, reads);
  const authenticated = await authenticate(request, keys, deps.now()).catch((error: unknown) =>
    limitAuthFailures(deps.authFailures, request.sourceIp, deps.now(), error),
  );
  assertRequestHeaders(request.headers);
  // The bucket as read up front answers the check without consuming the request's first read of it.
  await assertExpectedBucketOwners(request, async (name) =>
    name === plan.bucket && reads.bucket
      ? reads.bucket.value
      : (plainDeps.buckets.remembered(name) ?? plainDeps.buckets.get(name)),
  );
  const principal = withRequestFacts(withPaymentConsent(authenticated.principal, request), request, deps.now());
  trace.principal = principal;
  const level: ResourceLevel = request.bucket === undefined ? 'SERVICE' : request.key === undefined ? 'BUCKET' : 'OBJECT';
  const action = routeFor(LEVELS[level], level, subresourceOf(request), request.method);
  const { body, checksum } = authenticated;
  const response = await action({
    deps,
    keys,
    principal,
    request,
    bucket: request.bucket ?? '',
    key: request.key ?? '',
    body,
    checksum,
  });
  const bucket = request.bucket === undefined ? undefined : deps.buckets.remembered(request.bucket);
  return bucket ? chargeRequest(deps, bucket, principal, body, response) : response;
}

/** The items a request will read first: the access key it claims, its bucket, and the object of an object GET, HEAD or PUT. */
function readPlan(request: S3Request): RequestReadPlan {
  const plainObjectCall =
    request.key !== undefined &&
    ['GET', 'HEAD', 'PUT'].includes(request.method) &&
    !hasQueryParam(request, 'versionId') &&
    header(request, 'x-amz-copy-source') === undefined;
  return {
    accessKey: claimedAccessKey(request),
    bucket: request.bucket,
    ...(plainObjectCall ? { key: request.key } : {}),
  };
}

/** The request's catalogues and key resolver, answering its first reads from what was read up front. */
function withReads(
  deps: StorageDeps & { buckets: RequestBuckets },
  keys: AccessKeyResolver,
  plan: RequestReadPlan,
  reads: RequestReads,
): { deps: StorageDeps & { buckets: RequestBuckets }; keys: AccessKeyResolver } {
  if (reads.bucket && plan.bucket !== undefined) deps.buckets.prefetch(plan.bucket, reads.bucket.value);
  const objects =
    reads.object && plan.bucket !== undefined && plan.key !== undefined
      ? requestObjects(deps.objects, { bucket: plan.bucket, key: plan.key, value: reads.object.value })
      : deps.objects;
  const claimed = reads.accessKey;
  const requestKeys: AccessKeyResolver = claimed
    ? {
        resolveAccessKey: (accessKey) =>
          accessKey === plan.accessKey ? Promise.resolve(claimed.value) : keys.resolveAccessKey(accessKey),
      }
    : keys;
  return { deps: { ...deps, objects }, keys: requestKeys };
}

/** CORS headers for a request with an Origin: from the bucket as the request read it (read once more only if it did not). */
async function corsHeaders(buckets: RequestBuckets, request: S3Request): Promise<Record<string, string>> {
  const origin = header(request, 'origin');
  if (origin === undefined || request.bucket === undefined) return {};
  const bucket = buckets.remembered(request.bucket) ?? (await buckets.get(request.bucket));
  return actualRequestCorsHeaders(bucket, {
    origin,
    method: request.method,
    requestedMethod: header(request, 'access-control-request-method'),
  });
}

/** `x-amz-request-payer: requester` travels with the principal, for the evaluator. */
function withPaymentConsent(principal: Principal, request: S3Request): Principal {
  if (principal.kind !== 'user' || header(request, 'x-amz-request-payer')?.toLowerCase() !== 'requester') return principal;
  return { ...principal, paysAsRequester: true };
}
