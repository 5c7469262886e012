import { getBucketAcl, getObjectAcl, putBucketAcl, putObjectAcl } from '../acl/acl-operations';
import type { Principal } from '../auth/principal';
import { type AccessKeyResolver, authenticate } from '../auth/request-authenticator';
import { bucketFor, createBucket, deleteBucket, listBuckets } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import { listObjectsPage } from '../listing/list-objects';
import { parseListParams } from '../listing/list-params';
import { copyObject } from '../objects/copy-object';
import { deleteObject } from '../objects/delete-object';
import { getObject } from '../objects/get-object';
import { objectResponseHeaders } from '../objects/object-headers';
import { putObject } from '../objects/put-object';
import type { StorageDeps } from '../storage-deps';
import { accessControlPolicyXml } from '../xml/access-control-policy';
import { copyObjectResultXml, listBucketsXml, listObjectsXml, locationXml } from '../xml/s3-documents';
import { header, queryParam, type S3Request } from './s3-request';
import { emptyResult, type S3Response, xmlResult } from './s3-response';
import { subresourceOf } from './subresources';

const METHODS = new Set(['GET', 'HEAD', 'PUT', 'POST', 'DELETE']);

/** Authenticates, then dispatches on the resource level (service, bucket, object), the method and the sub-resource. */
export async function routeS3Request(deps: StorageDeps, keys: AccessKeyResolver, request: S3Request): Promise<S3Response> {
  if (!METHODS.has(request.method)) throw new StorageError('MethodNotAllowed', undefined, { Method: request.method });
  const { principal, body } = await authenticate(request, keys, deps.now());
  const subresource = subresourceOf(request);
  if (request.bucket === undefined) return serviceLevel(deps, principal, request);
  if (request.key === undefined) return bucketLevel(deps, principal, request, request.bucket, subresource, body);
  return objectLevel(deps, principal, request, request.bucket, request.key, subresource, body);
}

async function serviceLevel(deps: StorageDeps, principal: Principal, request: S3Request): Promise<S3Response> {
  if (request.method !== 'GET') throw methodNotAllowed(request);
  const buckets = await listBuckets(deps, principal);
  const owner = principal.kind === 'user' ? principal.user : { id: '', displayName: '' };
  return xmlResult(listBucketsXml({ id: owner.id, displayName: owner.displayName }, buckets));
}

async function bucketLevel(
  deps: StorageDeps,
  principal: Principal,
  request: S3Request,
  name: string,
  subresource: string | undefined,
  body: Buffer,
): Promise<S3Response> {
  if (subresource === 'location') {
    if (request.method !== 'GET') throw methodNotAllowed(request);
    return xmlResult(locationXml(await bucketFor(deps, principal, name, 'GetBucketLocation')));
  }
  if (subresource === 'acl') {
    if (request.method === 'GET') return xmlResult(accessControlPolicyXml(await getBucketAcl(deps, principal, name)));
    if (request.method !== 'PUT') throw methodNotAllowed(request);
    await putBucketAcl(deps, principal, name, { headers: request.headers, body });
    return emptyResult(200);
  }
  switch (request.method) {
    case 'GET': {
      const params = parseListParams((param) => queryParam(request, param));
      await bucketFor(deps, principal, name, 'ListBucket');
      const page = await listObjectsPage(deps.objects, name, {
        prefix: params.prefix,
        delimiter: params.delimiter,
        maxKeys: params.maxKeys,
        after: params.continuationToken ?? params.marker,
      });
      return xmlResult(listObjectsXml(name, params, page, queryParam(request, 'continuation-token')));
    }
    case 'PUT': {
      const bucket = await createBucket(deps, principal, name, body, request.headers);
      return emptyResult(200, { location: `/${bucket.name}` });
    }
    case 'HEAD': {
      const bucket = await bucketFor(deps, principal, name, 'ListBucket');
      return emptyResult(200, { 'x-amz-bucket-region': bucket.location || 'us-east-1' });
    }
    case 'DELETE':
      await deleteBucket(deps, principal, name);
      return emptyResult(204);
    default:
      // POST on a bucket is browser-form upload (POST Object): the next issue.
      throw new StorageError('NotImplemented', 'POST Object is not implemented by this service.');
  }
}

async function objectLevel(
  deps: StorageDeps,
  principal: Principal,
  request: S3Request,
  bucket: string,
  key: string,
  subresource: string | undefined,
  body: Buffer,
): Promise<S3Response> {
  if (subresource === 'acl') {
    if (request.method === 'GET') return xmlResult(accessControlPolicyXml(await getObjectAcl(deps, principal, bucket, key)));
    if (request.method !== 'PUT') throw methodNotAllowed(request);
    await putObjectAcl(deps, principal, bucket, key, { headers: request.headers, body });
    return emptyResult(200);
  }
  switch (request.method) {
    case 'GET':
    case 'HEAD': {
      const result = await getObject(deps, principal, {
        bucket,
        key,
        range: header(request, 'range'),
        conditions: {
          ifMatch: header(request, 'if-match'),
          ifNoneMatch: header(request, 'if-none-match'),
          ifModifiedSince: header(request, 'if-modified-since'),
          ifUnmodifiedSince: header(request, 'if-unmodified-since'),
        },
        withBody: request.method === 'GET',
      });
      const headers = objectResponseHeaders(result.record, request.query);
      if (result.kind === 'not-modified') {
        return emptyResult(304, { etag: headers.etag!, 'last-modified': headers['last-modified']! });
      }
      const { record, range } = result;
      const length = range ? range.end - range.start + 1 : record.size;
      const withLength: Record<string, string> = { ...headers, 'content-length': String(length) };
      if (range) withLength['content-range'] = `bytes ${range.start}-${range.end}/${record.size}`;
      return { status: range ? 206 : 200, headers: withLength, body: result.body };
    }
    case 'PUT': {
      const copySource = header(request, 'x-amz-copy-source');
      if (copySource !== undefined) {
        const record = await copyObject(deps, principal, { bucket, key, copySource, headers: request.headers });
        return xmlResult(copyObjectResultXml(record));
      }
      const record = await putObject(deps, principal, { bucket, key, body, headers: request.headers });
      return emptyResult(200, { etag: `"${record.etag}"` });
    }
    case 'DELETE':
      await deleteObject(deps, principal, bucket, key);
      return emptyResult(204);
    default:
      throw methodNotAllowed(request);
  }
}

const methodNotAllowed = (request: S3Request) =>
  new StorageError('MethodNotAllowed', undefined, { Method: request.method, ResourceType: request.key ? 'OBJECT' : 'BUCKET' });
