import { createHash, createHmac } from 'node:crypto';
import { uriEncode } from '../model/uri-encoding';
import type { SigningInput } from './signing-input';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface CredentialScope {
  date: string;
  region: string;
  service: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export function scopeString(scope: CredentialScope): string {
  return `${scope.date}/${scope.region}/${scope.service}/aws4_request`;
}

/** Canonical query: every parameter name and value UriEncoded, sorted by name then value (byte order). */
export function canonicalQueryString(query: SigningInput['query'], omit: readonly string[] = []): string {
  return query
    .filter(([name]) => !omit.includes(name))
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Header values trimmed, inner runs of spaces collapsed, repeated headers joined with commas. */
export function canonicalHeaderValue(values: readonly string[]): string {
  return values.map((value) => value.trim().replace(/\s+/g, ' ')).join(',');
}

/** The canonical request of SigV4 for S3: the path is UriEncoded once (S3 does not double-encode). */
export function canonicalRequest(
  input: SigningInput,
  signedHeaders: readonly string[],
  payloadHash: string,
  omitQuery: readonly string[] = [],
): string {
  const headers = signedHeaders.map((name) => `${name}:${canonicalHeaderValue(input.headers[name] ?? [])}\n`).join('');
  return [
    input.method,
    uriEncode(input.decodedPath, true),
    canonicalQueryString(input.query, omitQuery),
    headers,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

export function stringToSignV4(amzDate: string, scope: CredentialScope, canonical: string): string {
  return [SIGV4_ALGORITHM, amzDate, scopeString(scope), sha256Hex(canonical)].join('\n');
}

export function signingKeyV4(secretKey: string, scope: CredentialScope): Buffer {
  const dateKey = hmac(`AWS4${secretKey}`, scope.date);
  return hmac(hmac(hmac(dateKey, scope.region), scope.service), 'aws4_request');
}

export function signV4(signingKey: Buffer, stringToSign: string): string {
  return createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
}

/** String to sign of one aws-chunked chunk (STREAMING-AWS4-HMAC-SHA256-PAYLOAD), chained on the previous signature. */
export function chunkStringToSign(amzDate: string, scope: CredentialScope, previousSignature: string, chunk: Buffer): string {
  return ['AWS4-HMAC-SHA256-PAYLOAD', amzDate, scopeString(scope), previousSignature, EMPTY_SHA256, sha256Hex(chunk)].join('\n');
}

/** String to sign of the trailing headers of a signed aws-chunked body. */
export function trailerStringToSign(amzDate: string, scope: CredentialScope, previousSignature: string, trailer: string): string {
  return ['AWS4-HMAC-SHA256-TRAILER', amzDate, scopeString(scope), previousSignature, sha256Hex(trailer)].join('\n');
}
