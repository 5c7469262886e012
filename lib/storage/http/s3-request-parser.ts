import type { ApiEvent } from '../../http';
import { bodyBytes, servedOverHttps, serviceOrigin } from '../../http';
import { addressRequest, hostName } from '../requests/addressing';
import type { S3Request } from '../requests/s3-request';

/**
 * An API Gateway (REST, v1 payload) event as an S3Request. Headers come from multiValueHeaders, the
 * client's own (serverless offline adds a default Content-Type to `headers`, which would break SigV2);
 * the path from `event.path`, still percent-encoded as the client sent it, decoded once here.
 * X-Forwarded-Proto is replaced by what the deployment says (`publicBaseUrl`, else API Gateway, which serves HTTPS
 * only and sets the header itself), so aws:SecureTransport, SSE-C's HTTPS rule and the access log never take a
 * client's word for TLS.
 */
export function toS3Request(event: ApiEvent, baseHost: string, publicBaseUrl?: string): S3Request {
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
  const origin = serviceOrigin(event, publicBaseUrl);
  headers['x-forwarded-proto'] = [servedOverHttps(origin) ? 'https' : 'http'];
  const host = hostName(headers.host?.[0]);
  const rawPath = event.path || '/';
  return {
    method: event.httpMethod.toUpperCase(),
    rawPath,
    host,
    origin,
    ...addressRequest(rawPath, host, baseHost),
    query,
    headers,
    body: bodyBytes(event),
    requestId: event.requestContext?.requestId ?? '',
    ...(event.requestContext?.identity?.sourceIp ? { sourceIp: event.requestContext.identity.sourceIp } : {}),
  };
}
