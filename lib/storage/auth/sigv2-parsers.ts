import { StorageError } from '../errors';
import { parseHttpDate } from './amz-date';
import type { SignatureClaim } from './signature-claim';
import { firstHeader, firstQuery, type SigningInput } from './signing-input';
import { signV2, stringToSignV2 } from './sigv2-signing';

const unchanged = (_secret: string, body: Buffer) => body;

/** `Authorization: AWS <key>:<signature>` with `Date` (or `x-amz-date`, which then blanks the Date line). */
export function parseSigV2Header(input: SigningInput, authorization: string): SignatureClaim {
  const match = /^AWS ([^:\s]+):(\S+)$/.exec(authorization.trim());
  if (!match)
    throw new StorageError('InvalidArgument', 'AWS authorization header is invalid.  Expected AwsAccessKeyId:signature');
  const amzDate = firstHeader(input, 'x-amz-date');
  const dateHeader = firstHeader(input, 'date');
  const signedAt = parseHttpDate(amzDate ?? dateHeader);
  if (!signedAt) throw new StorageError('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const stringToSign = stringToSignV2(input, amzDate !== undefined ? '' : (dateHeader ?? ''));
  return {
    mechanism: 'sigv2-header',
    accessKey: match[1]!,
    signature: match[2]!,
    stringToSign,
    signedAt,
    sign: (secret) => signV2(secret, stringToSign),
    payload: unchanged,
  };
}

/** `?AWSAccessKeyId=&Expires=&Signature=` (query-string authentication, presigned SigV2 URLs). */
export function parseSigV2Query(input: SigningInput): SignatureClaim {
  const accessKey = firstQuery(input, 'AWSAccessKeyId');
  const signature = firstQuery(input, 'Signature');
  const expires = firstQuery(input, 'Expires');
  if (!accessKey || !signature || !expires || !/^\d+$/.test(expires)) {
    throw new StorageError(
      'AccessDenied',
      'Query-string authentication requires the Signature, Expires and AWSAccessKeyId parameters',
    );
  }
  const stringToSign = stringToSignV2(input, expires);
  return {
    mechanism: 'sigv2-query',
    accessKey,
    signature,
    stringToSign,
    expiresAt: new Date(Number(expires) * 1000),
    sign: (secret) => signV2(secret, stringToSign),
    payload: unchanged,
  };
}
