/** What both signature versions sign, taken from the request exactly as the client sent it. */
export interface SigningInput {
  method: string;
  /** The path as sent (percent-encoded). */
  rawPath: string;
  /** Decoded path: the canonical URI of SigV4 is its AWS UriEncode. */
  decodedPath: string;
  /** The bucket when it came from the Host header (SigV2 prepends it to the resource). */
  virtualHostBucket?: string;
  /** The request names a bucket and no key: SigV2 accepts `/bucket` (as sent) and `/bucket/` as its resource. */
  bucketOnly?: boolean;
  query: readonly (readonly [string, string])[];
  headers: Readonly<Record<string, readonly string[]>>;
}

export function firstHeader(input: Pick<SigningInput, 'headers'>, name: string): string | undefined {
  const values = input.headers[name];
  return values && values.length > 0 ? values.join(',') : undefined;
}

/**
 * The authentication parameters of a presigned URL, each of which must appear once: a URL with a second
 * `X-Amz-Signature` (or any other) is refused rather than read by its first copy, which would let anything be
 * appended to a signed URL under the name of a parameter the signature never covers.
 */
export function repeatedQueryParam(input: Pick<SigningInput, 'query'>, names: readonly string[]): string | undefined {
  return names.find((name) => input.query.filter(([key]) => key === name).length > 1);
}

export function firstQuery(input: Pick<SigningInput, 'query'>, name: string): string | undefined {
  return input.query.find(([key]) => key === name)?.[1];
}
