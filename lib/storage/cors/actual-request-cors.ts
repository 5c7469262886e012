import type { BucketRecord } from '../model/bucket';
import { corsResponseHeaders, matchCorsRule } from '../model/cors-rules';

/**
 * The CORS headers of an actual (non-preflight) request with an Origin, on success and on error alike, as S3
 * and RGW send them: the rule is matched on the origin and on Access-Control-Request-Method when the
 * browser sent one, the request's own method otherwise.
 */
export function actualRequestCorsHeaders(
  bucket: BucketRecord | undefined,
  request: { origin?: string; method: string; requestedMethod?: string },
): Record<string, string> {
  if (!bucket?.cors || request.origin === undefined) return {};
  const method = request.requestedMethod ?? request.method;
  const rule = matchCorsRule(bucket.cors, { origin: request.origin, method });
  return rule ? corsResponseHeaders(rule, request.origin) : {};
}
