import type { ApiEvent } from '../../http';
import { bodyBytes } from '../../http';
import { addressRequest, hostName } from '../requests/addressing';
import type { S3Request } from '../requests/s3-request';

/**
 * An API Gateway (REST, v1 payload) event as an S3Request. Headers come from multiValueHeaders, the
 * client's own (serverless offline adds a default Content-Type to `headers`, which would break SigV2);
 * the path from `event.path`, still percent-encoded as the client sent it, decoded once here.
 */
export function toS3Request(event: ApiEvent, baseHost: string): S3Request {
  const headers: Record<string, string[]> = {};
  const raw = event.multiValueHeaders ?? {};
  const source =
    Object.keys(raw).length > 0 ? raw : Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k, [v]]));
  for (const [name, values] of Object.entries(source)) {
    if (values === undefined) continue;
    headers[name.toLowerCase()] = [...(headers[name.toLowerCase()] ?? []), ...values.map(String)];
  }
  const query: [string, string][] = [];
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) {
    for (const value of values ?? []) query.push([name, value]);
  }
  const host = hostName(headers.host?.[0]);
  const rawPath = event.path || '/';
  return {
    method: event.httpMethod.toUpperCase(),
    rawPath,
    host,
    ...addressRequest(rawPath, host, baseHost),
    query,
    headers,
    body: bodyBytes(event),
    requestId: event.requestContext?.requestId ?? '',
    ...(event.requestContext?.identity?.sourceIp ? { sourceIp: event.requestContext.identity.sourceIp } : {}),
  };
}
