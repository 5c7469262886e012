import { createHmac } from 'node:crypto';
import { firstHeader, type SigningInput } from './signing-input';

/** Sub-resources and response overrides that SigV2 includes in the canonical resource (S3 docs, "Signing and authenticating REST requests"). */
const SIGNED_SUBRESOURCES = new Set([
  'acl',
  'cors',
  'delete',
  'lifecycle',
  'location',
  'logging',
  'notification',
  'partNumber',
  'policy',
  'requestPayment',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'response-content-language',
  'response-content-type',
  'response-expires',
  'restore',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'website',
]);

/**
 * CanonicalizedResource: [/bucket when virtual-hosted] + the path as sent + signed sub-resources, sorted.
 * The AWS docs sign the un-decoded Request-URI path (`PUT /bucket`), while some clients (boto's HmacV1, s3cmd)
 * sign a bucket request as `/bucket/`: for a bucket request sent without the slash, the slash form is the
 * second candidate. The path as sent always comes first (it is what SignatureDoesNotMatch reports).
 */
export function canonicalResourcesV2(input: SigningInput): string[] {
  const bucket = input.virtualHostBucket === undefined ? '' : `/${input.virtualHostBucket}`;
  const subresources = input.query
    .filter(([name]) => SIGNED_SUBRESOURCES.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => (value === '' ? name : `${name}=${value}`));
  const query = subresources.length > 0 ? `?${subresources.join('&')}` : '';
  const path = `${bucket}${input.rawPath}`;
  const paths = input.bucketOnly && !path.endsWith('/') ? [path, `${path}/`] : [path];
  return paths.map((candidate) => `${candidate}${query}`);
}

/** CanonicalizedAmzHeaders: x-amz-* lower-cased, sorted, values unfolded and comma-joined. */
export function canonicalAmzHeadersV2(input: SigningInput): string {
  return Object.keys(input.headers)
    .filter((name) => name.startsWith('x-amz-'))
    .sort()
    .map((name) => `${name}:${(input.headers[name] ?? []).map((v) => v.trim().replace(/\s*\r?\n\s*/g, ' ')).join(',')}\n`)
    .join('');
}

/**
 * StringsToSign of SigV2, one per canonical resource candidate (see canonicalResourcesV2); `dateOrExpires` is
 * the Date header, '' when x-amz-date is sent, or Expires for query auth.
 */
export function stringsToSignV2(input: SigningInput, dateOrExpires: string): [string, ...string[]] {
  const head = [
    input.method,
    firstHeader(input, 'content-md5') ?? '',
    firstHeader(input, 'content-type') ?? '',
    dateOrExpires,
    canonicalAmzHeadersV2(input),
  ].join('\n');
  const [first, ...rest] = canonicalResourcesV2(input).map((resource) => `${head}${resource}`);
  return [first!, ...rest];
}

/** The StringToSign over the path as sent. */
export const stringToSignV2 = (input: SigningInput, dateOrExpires: string): string => stringsToSignV2(input, dateOrExpires)[0];

export function signV2(secretKey: string, stringToSign: string): string {
  return createHmac('sha1', secretKey).update(stringToSign, 'utf8').digest('base64');
}
