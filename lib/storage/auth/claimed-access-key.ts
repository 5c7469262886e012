import { isWellFormedAccessKey } from '../credentials/access-keys';
import { header, queryParam, type S3Request } from '../requests/s3-request';

/**
 * The access key a request claims to be signed with, read cheaply so that its item can be read together with the
 * bucket and the object. Only a hint: the request's one parser and verifier decide (a wrong hint costs one more read).
 */
export function claimedAccessKey(request: Pick<S3Request, 'headers' | 'query'>): string | undefined {
  const claimed = claimedKey(request);
  return claimed !== undefined && isWellFormedAccessKey(claimed) ? claimed : undefined;
}

function claimedKey(request: Pick<S3Request, 'headers' | 'query'>): string | undefined {
  const authorization = header(request, 'authorization');
  if (authorization) {
    return (/^AWS4-HMAC-SHA256 .*?Credential=([^/,\s]+)\//.exec(authorization) ?? /^AWS ([^:\s]+):/.exec(authorization))?.[1];
  }
  const credential = queryParam(request, 'X-Amz-Credential');
  if (credential !== undefined) return credential.split('/')[0] || undefined;
  return queryParam(request, 'AWSAccessKeyId') || undefined;
}
