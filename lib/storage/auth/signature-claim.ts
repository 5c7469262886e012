/** What a parser read from one signed request: who claims to sign it, when, and how to recompute the signature. */
export interface SignatureClaim {
  mechanism: 'sigv2-header' | 'sigv2-query' | 'sigv4-header' | 'sigv4-query' | 'post-policy-v2' | 'post-policy-v4';
  accessKey: string;
  signature: string;
  stringToSign: string;
  /** SigV4 only: shown in SignatureDoesNotMatch, as S3 does. */
  canonicalRequest?: string;
  /** When the client signed (header auth): checked against the clock, 15 minutes either way. */
  signedAt?: Date;
  /** Presigned URLs: valid until then. */
  expiresAt?: Date;
  /** Presigned SigV4 URLs: not valid before then. */
  notBefore?: Date;
  sign(secretKey: string): string;
  /** Other signatures that prove the same request (SigV2 bucket requests: `/bucket` and `/bucket/`); one match suffices. */
  signAlternatives?(secretKey: string): string[];
  /** The request body's real bytes (aws-chunked decoded, payload hash checked), once the signature is known good. */
  payload(secretKey: string, body: Buffer): DecodedPayload;
}

/** A request body as the client meant it: the data, and the trailing headers of an aws-chunked body. */
export interface DecodedPayload {
  data: Buffer;
  trailers: [string, string][];
}

/** A body sent as is (no aws-chunked framing, so no trailers). */
export const plainPayload = (_secretKey: string, body: Buffer): DecodedPayload => ({ data: body, trailers: [] });
