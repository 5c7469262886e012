import { parseSigningDate } from '../model/amz-date';
import { StorageError } from '../model/errors';
import { plainPayload, type SignatureClaim } from './signature-claim';
import { firstHeader, firstQuery, repeatedQueryParam, type SigningInput } from './signing-input';
import { signV2, stringsToSignV2 } from './sigv2-signing';

/** `Authorization: AWS <key>:<signature>` with `Date` (or `x-amz-date`, which then blanks the Date line). */
export function parseSigV2Header(input: SigningInput, authorization: string): SignatureClaim {
  const match = /^AWS ([^:\s]+):(\S+)$/.exec(authorization.trim());
  if (!match)
    throw new StorageError('InvalidArgument', 'AWS authorization header is invalid.  Expected AwsAccessKeyId:signature');
  const amzDate = firstHeader(input, 'x-amz-date');
  const dateHeader = firstHeader(input, 'date');
  const signedAt = parseSigningDate(amzDate ?? dateHeader);
  if (!signedAt) throw new StorageError('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  return {
    mechanism: 'sigv2-header',
    accessKey: match[1]!,
    signature: match[2]!,
    signedAt,
    ...signing(stringsToSignV2(input, amzDate !== undefined ? '' : (dateHeader ?? ''))),
  };
}

/** `?AWSAccessKeyId=&Expires=&Signature=` (query-string authentication, presigned SigV2 URLs). */
export function parseSigV2Query(input: SigningInput): SignatureClaim {
  const repeated = repeatedQueryParam(input, ['AWSAccessKeyId', 'Signature', 'Expires']);
  if (repeated) throw new StorageError('AccessDenied', `${repeated} must appear once in a presigned URL.`);
  const accessKey = firstQuery(input, 'AWSAccessKeyId');
  const signature = firstQuery(input, 'Signature');
  const expires = firstQuery(input, 'Expires');
  if (!accessKey || !signature || !expires || !/^\d+$/.test(expires)) {
    throw new StorageError(
      'AccessDenied',
      'Query-string authentication requires the Signature, Expires and AWSAccessKeyId parameters',
    );
  }
  return {
    mechanism: 'sigv2-query',
    accessKey,
    signature,
    expiresAt: new Date(Number(expires) * 1000),
    ...signing(stringsToSignV2(input, expires)),
  };
}

/** The claim's signing part: the first StringToSign (the path as sent) is reported, every candidate may match. */
function signing([stringToSign, ...alternatives]: [string, ...string[]]) {
  return {
    stringToSign,
    sign: (secret: string) => signV2(secret, stringToSign),
    signAlternatives: (secret: string) => alternatives.map((candidate) => signV2(secret, candidate)),
    payload: plainPayload,
  };
}
