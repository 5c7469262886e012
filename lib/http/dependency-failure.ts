/**
 * A dependency (DynamoDB, the blob store, Secrets Manager, KMS) was unreachable, too slow or throttling us, after the
 * SDK's own retries: transient, so every surface answers 503 with a retry hint instead of a 500.
 */
export class DependencyUnavailableError extends Error {
  override name = 'DependencyUnavailableError';
  constructor(
    /** The dependency asked us to slow down (S3 answers SlowDown), rather than failing. */
    readonly throttled: boolean,
    /** Seconds a client should wait before retrying (the Retry-After header). */
    readonly retryAfterSeconds = throttled ? 1 : 2,
  ) {
    super(throttled ? 'A dependency is throttling requests' : 'A dependency is unavailable');
  }
}

/** Socket-level failures: nothing answered, or the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The SDK's own timeouts (connectionTimeout / requestTimeout of its HTTP handler) and AWS's timeout answers. */
const TIMEOUT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const THROTTLE_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
]);

/**
 * The transient dependency failure an error is, if it is one; undefined for everything else (a validation error
 * from DynamoDB, for one, is a bug of ours and stays a 500). Decided by name and code, so this module needs no SDK.
 */
export function dependencyFailureOf(error: unknown): DependencyUnavailableError | undefined {
  if (error instanceof DependencyUnavailableError) return error;
  if (!(error instanceof Error)) return undefined;
  const { code, $fault, $metadata } = error as Error & {
    code?: string;
    $fault?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (THROTTLE_NAMES.has(error.name)) return new DependencyUnavailableError(true);
  if (TIMEOUT_NAMES.has(error.name) || (code !== undefined && NETWORK_CODES.has(code))) {
    return new DependencyUnavailableError(false);
  }
  // A service-side failure of AWS (InternalServerError, ServiceUnavailable...): theirs, and transient.
  if ($fault === 'server' && ($metadata?.httpStatusCode ?? 500) >= 500) return new DependencyUnavailableError(false);
  return undefined;
}

/** The Retry-After header of a dependency failure. */
export const retryAfterHeader = (error: DependencyUnavailableError): Record<string, string> => ({
  'retry-after': String(error.retryAfterSeconds),
});

/** A rendered answer with the Retry-After of a dependency failure added. */
export const withRetryAfter = <T extends { headers?: Record<string, string | number | boolean> }>(
  response: T,
  error: DependencyUnavailableError,
): T => ({ ...response, headers: { ...response.headers, ...retryAfterHeader(error) } });
