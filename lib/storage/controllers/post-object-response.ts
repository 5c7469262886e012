import { encryptionResponseHeaders } from '../model/object-encryption';
import type { PostObjectResult } from '../post/post-object';
import type { S3Request } from '../requests/s3-request';
import { emptyResult, type S3Response, xmlResult } from '../requests/s3-response';
import { postResponseXml } from '../xml/s3-documents';
import { objectLocation } from './object-location';
import { versionHeader } from './s3-call';

/** success_action_redirect → 303 with bucket, key and etag; success_action_status 200 or 201 (PostResponse XML); 204 otherwise. */
export function postObjectResponse(request: S3Request, bucket: string, result: PostObjectResult): S3Response {
  const { record } = result;
  const etag = `"${record.etag}"`;
  const location = objectLocation(request, bucket, record.key);
  const headers = {
    etag,
    location,
    ...versionHeader(result.versioned, record.versionId),
    ...encryptionResponseHeaders(record.encryption),
  };
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
