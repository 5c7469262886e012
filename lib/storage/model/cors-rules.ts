/** One rule of a bucket's CORS configuration, as S3 defines it. */
export interface CorsRule {
  id?: string;
  allowedOrigins: string[];
  allowedMethods: string[];
  allowedHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds?: number;
}

export const CORS_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'];

/** S3's pattern rule for origins and headers: at most one `*`, standing for any run of characters. */
function matchesPattern(pattern: string, value: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === value;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  return value.length >= prefix.length + suffix.length && value.startsWith(prefix) && value.endsWith(suffix);
}

/**
 * The first rule (in configuration order, as S3 evaluates them) that allows this origin, method and every
 * requested header; undefined when none does.
 */
export function matchCorsRule(
  rules: readonly CorsRule[],
  request: { origin: string; method: string; headers?: readonly string[] },
): CorsRule | undefined {
  return rules.find(
    (rule) =>
      rule.allowedOrigins.some((pattern) => matchesPattern(pattern, request.origin)) &&
      rule.allowedMethods.includes(request.method) &&
      (request.headers ?? []).every((name) =>
        rule.allowedHeaders.some((pattern) => matchesPattern(pattern.toLowerCase(), name.toLowerCase())),
      ),
  );
}

/** The headers a matching rule adds: the origin (or `*` for a wildcard rule), its methods, exposed headers and max age. */
export function corsResponseHeaders(
  rule: CorsRule,
  origin: string,
  requestedHeaders: readonly string[] = [],
): Record<string, string> {
  const wildcard = rule.allowedOrigins.includes('*');
  return {
    'access-control-allow-origin': wildcard ? '*' : origin,
    'access-control-allow-methods': rule.allowedMethods.join(', '),
    ...(requestedHeaders.length > 0 ? { 'access-control-allow-headers': requestedHeaders.join(', ') } : {}),
    ...(rule.exposeHeaders.length > 0 ? { 'access-control-expose-headers': rule.exposeHeaders.join(', ') } : {}),
    ...(rule.maxAgeSeconds === undefined ? {} : { 'access-control-max-age': String(rule.maxAgeSeconds) }),
    // A credentialed browser request needs the echoed origin and this; a wildcard rule allows no credentials.
    ...(wildcard ? {} : { 'access-control-allow-credentials': 'true' }),
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
}

/** `Access-Control-Request-Headers: a, b` as a list of names. */
export const requestedHeaderNames = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
