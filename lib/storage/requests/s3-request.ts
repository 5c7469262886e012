/** One S3 request, independent of how it reached us (API Gateway, a test): names decoded exactly once. */
export interface S3Request {
  method: string;
  /** The path as the client sent it, still percent-encoded (SigV2 signs it as is). */
  rawPath: string;
  /** The same path decoded once. */
  path: string;
  /** Host header without the port, lower-cased. */
  host: string;
  /**
   * This service's own origin (scheme, host, stage prefix) from configuration or API Gateway's context, never from the
   * Host header: for URLs handed out to be fetched later (a torrent's web seed). Undefined: the request's Host.
   */
  origin?: string;
  /** Resolved from the Host header (virtual-host style) or the first path segment (path style). */
  bucket?: string;
  key?: string;
  virtualHost: boolean;
  /** Decoded query parameters, in the order they came. */
  query: readonly (readonly [string, string])[];
  /** Lower-cased header names with every value as sent (repeated headers keep all values). */
  headers: Readonly<Record<string, readonly string[]>>;
  body: Buffer;
  requestId: string;
  /** The client's address as API Gateway saw it (rate limits key on it). */
  sourceIp?: string;
}

/** A header's value as HTTP folds repeated headers: values joined by commas. */
export function header(request: Pick<S3Request, 'headers'>, name: string): string | undefined {
  const values = request.headers[name];
  return values && values.length > 0 ? values.join(',') : undefined;
}

export function queryParam(request: Pick<S3Request, 'query'>, name: string): string | undefined {
  return request.query.find(([key]) => key === name)?.[1];
}

export function hasQueryParam(request: Pick<S3Request, 'query'>, name: string): boolean {
  return request.query.some(([key]) => key === name);
}
