import { StorageError } from '../model/errors';
import type { SigningInput } from './signing-input';

/**
 * `x-amz-*` headers a SigV4 request may carry outside SignedHeaders, as S3 allows: the payload hash (the canonical
 * request ends with it, so the signature covers it anyway).
 */
const ALWAYS_UNSIGNED = new Set(['x-amz-content-sha256']);
/** An aws-chunked body's framing: the decoded length (checked against the chunks) and the name of its checksum trailer. */
const CHUNKED_UNSIGNED = new Set(['x-amz-decoded-content-length', 'x-amz-trailer']);

/**
 * A signed request acts only on what its signature covers (DESIGN §7.4): an `x-amz-*` header the signature leaves out
 * (an `x-amz-copy-source` or `x-amz-acl` added to a presigned PUT by whoever holds the URL) is refused as S3 refuses
 * it, naming the headers, rather than obeyed.
 */
export function assertAmzHeadersSigned(input: SigningInput, signedHeaders: readonly string[], payloadHash: string): void {
  const signed = new Set(signedHeaders);
  const chunked = payloadHash.startsWith('STREAMING-');
  const unsigned = Object.keys(input.headers)
    .map((name) => name.toLowerCase())
    .filter(
      (name) =>
        name.startsWith('x-amz-') && !signed.has(name) && !ALWAYS_UNSIGNED.has(name) && !(chunked && CHUNKED_UNSIGNED.has(name)),
    )
    .sort();
  if (unsigned.length > 0) {
    throw new StorageError('AccessDenied', 'There were headers present in the request which were not signed', {
      HeadersNotSigned: unsigned.join(', '),
    });
  }
}
