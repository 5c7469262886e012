/**
 * Query parameters that make a URL usable by whoever reads it: a presigned URL's signature (SigV2 `Signature`, SigV4
 * `X-Amz-Signature`) and a session token. Their values never reach a log record, so a logged presigned URL cannot be
 * replayed. `X-Amz-Credential` and `AWSAccessKeyId` stay: they name the access key (as S3's logs and CloudTrail do),
 * which is no secret, and without the signature they authorise nothing.
 */
const SECRET_PARAMETERS = /([?&](?:x-amz-signature|signature|x-amz-security-token)=)[^&#\s"]*/gi;

/** A request line or URL with the values of signature and token parameters replaced by `REDACTED`. */
export const maskSignatures = (text: string): string => text.replace(SECRET_PARAMETERS, '$1REDACTED');

const PLAIN_HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-_]+)(:\d{1,5})?$/;

/**
 * The Host header as an unquoted log field (S3 writes it bare): a host name or address and port is kept as it is;
 * anything else (spaces, quotes, brackets of a forged value) is percent-encoded, so the field never splits the record.
 */
export function logSafeHost(host: string | undefined): string | undefined {
  if (host === undefined || PLAIN_HOST.test(host)) return host;
  return host.replace(/[^A-Za-z0-9.\-_:]/gu, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}
