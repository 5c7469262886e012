import { getBucketAcl, getObjectAcl, putBucketAcl, putObjectAcl } from '../acl/acl-operations';
import type { Principal } from '../auth/principal';
import { type AccessKeyResolver, authenticate } from '../auth/request-authenticator';
import { uriEncode } from '../auth/uri-encoding';
import { getBucketRequestPayment, putBucketRequestPayment } from '../billing/bucket-request-payment';
import { payerOf } from '../billing/request-usage';
import type { BucketRecord } from '../buckets/bucket';
import { bucketFor, createBucket, deleteBucket, listBuckets } from '../buckets/bucket-operations';
import { RequestBuckets } from '../buckets/request-buckets';
import { StorageError } from '../errors';
import { listObjectsPage } from '../listing/list-objects';
import { parseListParams } from '../listing/list-params';
import { listVersionsPage } from '../listing/list-versions';
import { copyObject } from '../objects/copy-object';
import { deleteObject } from '../objects/delete-object';
import { getObject } from '../objects/get-object';
import { objectResponseHeaders } from '../objects/object-headers';
import { putObject } from '../objects/put-object';
import { type PostObjectResult, postObject } from '../post/post-object';
import type { StorageDeps } from '../storage-deps';
import { getBucketVersioning, putBucketVersioning } from '../versions/bucket-versioning';
import { accessControlPolicyXml } from '../xml/access-control-policy';
import { requestPaymentXml } from '../xml/request-payment-documents';
import { copyObjectResultXml, listBucketsXml, listObjectsXml, locationXml, postResponseXml } from '../xml/s3-documents';
import { listVersionsXml, versioningConfigurationXml } from '../xml/versioning-documents';
import { header, queryParam, type S3Request } from './s3-request';
import { emptyResult, type S3Response, xmlResult } from './s3-response';
import { subresourceOf } from './subresources';

const METHODS = new Set(['GET', 'HEAD', 'PUT', 'POST', 'DELETE']);

/** One request, authenticated, at the bucket or object level. */
interface Call {
  deps: StorageDeps;
  keys: AccessKeyResolver;
  principal: Principal;
  request: S3Request;
  bucket: string;
  key: string;
  body: Buffer;
}
type Handler = (call: Call) => Promise<S3Response>;
type Routes = Partial<Record<string, Handler>>;

/** Authenticates, then dispatches on the resource level (service, bucket, object), the sub-resource and the method. */
export async function routeS3Request(deps: StorageDeps, keys: AccessKeyResolver, request: S3Request): Promise<S3Response> {
  if (!METHODS.has(request.method)) throw new StorageError('MethodNotAllowed', undefined, { Method: request.method });
  const authenticated = await authenticate(request, keys, deps.now());
  const { body } = authenticated;
  const principal = withPaymentConsent(authenticated.principal, request);
  const subresource = subresourceOf(request);
  if (request.bucket === undefined) {
    if (request.method !== 'GET') throw methodNotAllowed(request);
    const buckets = await listBuckets(deps, principal);
    const owner = principal.kind === 'user' ? principal.user : { id: '', displayName: '' };
    return xmlResult(listBucketsXml({ id: owner.id, displayName: owner.displayName }, buckets));
  }
  const routes = request.key === undefined ? BUCKET_ROUTES[subresource ?? ''] : OBJECT_ROUTES[subresource === 'acl' ? 'acl' : ''];
  const handler = routes?.[request.method];
  if (!handler) throw methodNotAllowed(request);
  const buckets = new RequestBuckets(deps.buckets);
  const call = { deps: { ...deps, buckets }, keys, principal, request, bucket: request.bucket, key: request.key ?? '', body };
  const response = await handler(call);
  const bucket = buckets.remembered(request.bucket);
  return bucket ? chargeRequest(deps, bucket, principal, body, response) : response;
}

/** `x-amz-request-payer: requester` travels with the principal, for the evaluator. */
function withPaymentConsent(principal: Principal, request: S3Request): Principal {
  if (principal.kind !== 'user' || header(request, 'x-amz-request-payer')?.toLowerCase() !== 'requester') return principal;
  return { ...principal, paysAsRequester: true };
}

/** Records the request's usage for its payer (one atomic counter update) and tells a paying requester, as S3 does. */
async function chargeRequest(
  deps: StorageDeps,
  bucket: BucketRecord,
  principal: Principal,
  body: Buffer,
  response: S3Response,
): Promise<S3Response> {
  const { payerId, requesterCharged } = payerOf(bucket, principal);
  const bytesOut = response.body === undefined ? 0 : Buffer.byteLength(response.body);
  const day = deps.now().toISOString().slice(0, 10);
  await deps.usage.record({ bucket: bucket.name, payerId, day, requests: 1, bytesIn: body.length, bytesOut });
  if (!requesterCharged) return response;
  return { ...response, headers: { ...response.headers, 'x-amz-request-charged': 'requester' } };
}

const versionIdOf = (request: S3Request) => queryParam(request, 'versionId');
const versionHeader = (versioned: boolean, versionId: string): Record<string, string> =>
  versioned ? { 'x-amz-version-id': versionId } : {};

const BUCKET_ROUTES: Record<string, Routes> = {
  '': {
    GET: async ({ deps, principal, request, bucket }) => {
      const params = parseListParams((param) => queryParam(request, param));
      await bucketFor(deps, principal, bucket, 'ListBucket');
      const page = await listObjectsPage(deps.objects, bucket, {
        prefix: params.prefix,
        delimiter: params.delimiter,
        maxKeys: params.maxKeys,
        after: params.continuationToken ?? params.marker,
      });
      return xmlResult(listObjectsXml(bucket, params, page, queryParam(request, 'continuation-token')));
    },
    PUT: async ({ deps, principal, request, bucket, body }) => {
      const created = await createBucket(deps, principal, bucket, body, request.headers);
      return emptyResult(200, { location: `/${created.name}` });
    },
    HEAD: async ({ deps, principal, bucket }) => {
      const record = await bucketFor(deps, principal, bucket, 'ListBucket');
      return emptyResult(200, { 'x-amz-bucket-region': record.location || 'us-east-1' });
    },
    DELETE: async ({ deps, principal, bucket }) => {
      await deleteBucket(deps, principal, bucket);
      return emptyResult(204);
    },
    // POST on a bucket is a browser-form upload (POST Object).
    POST: async ({ deps, keys, request, bucket, body }) => {
      const result = await postObject(deps, keys, { bucket, contentType: header(request, 'content-type'), body });
      return postObjectResponse(request, bucket, result);
    },
  },
  location: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(locationXml(await bucketFor(deps, principal, bucket, 'GetBucketLocation'))),
  },
  acl: {
    GET: async ({ deps, principal, bucket }) => xmlResult(accessControlPolicyXml(await getBucketAcl(deps, principal, bucket))),
    PUT: async ({ deps, principal, request, bucket, body }) => {
      await putBucketAcl(deps, principal, bucket, { headers: request.headers, body });
      return emptyResult(200);
    },
  },
  versioning: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(versioningConfigurationXml(await getBucketVersioning(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await putBucketVersioning(deps, principal, bucket, body);
      return emptyResult(200);
    },
  },
  requestPayment: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(requestPaymentXml(await getBucketRequestPayment(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await putBucketRequestPayment(deps, principal, bucket, body);
      return emptyResult(200);
    },
  },
  versions: {
    GET: async ({ deps, principal, request, bucket }) => {
      const get = (param: string) => queryParam(request, param);
      const list = parseListParams(get);
      const params = {
        prefix: list.prefix,
        delimiter: list.delimiter,
        maxKeys: list.maxKeys,
        keyMarker: get('key-marker') || undefined,
        versionIdMarker: get('version-id-marker') || undefined,
        urlEncoded: list.urlEncoded,
      };
      const record = await bucketFor(deps, principal, bucket, 'ListBucketVersions');
      return xmlResult(listVersionsXml(bucket, params, await listVersionsPage(deps, record, params)));
    },
  },
};

const OBJECT_ROUTES: Record<string, Routes> = {
  '': {
    GET: (call) => readObject(call, true),
    HEAD: (call) => readObject(call, false),
    PUT: async ({ deps, principal, request, bucket, key, body }) => {
      const copySource = header(request, 'x-amz-copy-source');
      if (copySource !== undefined) {
        const copied = await copyObject(deps, principal, { bucket, key, copySource, headers: request.headers });
        return xmlResult(copyObjectResultXml(copied.record), 200, {
          ...versionHeader(copied.versioned, copied.record.versionId),
          ...(copied.sourceVersionId === undefined ? {} : { 'x-amz-copy-source-version-id': copied.sourceVersionId }),
        });
      }
      const { record, versioned } = await putObject(deps, principal, { bucket, key, body, headers: request.headers });
      return emptyResult(200, { etag: `"${record.etag}"`, ...versionHeader(versioned, record.versionId) });
    },
    DELETE: async ({ deps, principal, request, bucket, key }) => {
      const outcome = await deleteObject(deps, principal, bucket, key, versionIdOf(request));
      return emptyResult(204, {
        ...(outcome.versionId === undefined ? {} : { 'x-amz-version-id': outcome.versionId }),
        ...(outcome.deleteMarker ? { 'x-amz-delete-marker': 'true' } : {}),
      });
    },
  },
  acl: {
    GET: async ({ deps, principal, request, bucket, key }) =>
      xmlResult(accessControlPolicyXml(await getObjectAcl(deps, principal, bucket, key, versionIdOf(request)))),
    PUT: async ({ deps, principal, request, bucket, key, body }) => {
      await putObjectAcl(deps, principal, bucket, key, { headers: request.headers, body }, versionIdOf(request));
      return emptyResult(200);
    },
  },
};

async function readObject({ deps, principal, request, bucket, key }: Call, withBody: boolean): Promise<S3Response> {
  const result = await getObject(deps, principal, {
    bucket,
    key,
    versionId: versionIdOf(request),
    range: header(request, 'range'),
    conditions: {
      ifMatch: header(request, 'if-match'),
      ifNoneMatch: header(request, 'if-none-match'),
      ifModifiedSince: header(request, 'if-modified-since'),
      ifUnmodifiedSince: header(request, 'if-unmodified-since'),
    },
    withBody,
  });
  const headers = {
    ...objectResponseHeaders(result.record, request.query),
    ...versionHeader(result.versioned, result.record.versionId),
  };
  if (result.kind === 'not-modified') {
    return emptyResult(304, { etag: headers.etag!, 'last-modified': headers['last-modified']! });
  }
  const { record, range } = result;
  const length = range ? range.end - range.start + 1 : record.size;
  const withLength: Record<string, string> = { ...headers, 'content-length': String(length) };
  if (range) withLength['content-range'] = `bytes ${range.start}-${range.end}/${record.size}`;
  return { status: range ? 206 : 200, headers: withLength, body: result.body };
}

/** success_action_redirect → 303 with bucket, key and etag; success_action_status 200 or 201 (PostResponse XML); 204 otherwise. */
function postObjectResponse(request: S3Request, bucket: string, result: PostObjectResult): S3Response {
  const { record } = result;
  const etag = `"${record.etag}"`;
  const location = `${header(request, 'x-forwarded-proto') ?? 'http'}://${header(request, 'host') ?? request.host}/${bucket}/${uriEncode(record.key, true)}`;
  const headers = { etag, location, ...versionHeader(result.versioned, record.versionId) };
  if (result.redirect !== undefined && /^https?:\/\//i.test(result.redirect)) {
    const target = new URL(result.redirect);
    target.searchParams.set('bucket', bucket);
    target.searchParams.set('key', record.key);
    target.searchParams.set('etag', etag);
    return emptyResult(303, { ...headers, location: target.toString() });
  }
  if (result.status === '201') return xmlResult(postResponseXml(location, bucket, record.key, etag), 201, headers);
  return emptyResult(result.status === '200' ? 200 : 204, headers);
}

const methodNotAllowed = (request: S3Request) =>
  new StorageError('MethodNotAllowed', undefined, { Method: request.method, ResourceType: request.key ? 'OBJECT' : 'BUCKET' });
