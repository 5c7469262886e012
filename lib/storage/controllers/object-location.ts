import { uriEncode } from '../model/uri-encoding';
import { header, type S3Request } from '../requests/s3-request';

/** The scheme (X-Forwarded-Proto as the request parser set it from the deployment) and the host the client addressed. */
const origin = (request: S3Request, host: string) => `${header(request, 'x-forwarded-proto') ?? 'http'}://${host}`;

/** An object's URL as the client addressed us (POST Object's Location, CompleteMultipartUpload's Location). */
export const objectLocation = (request: S3Request, bucket: string, key: string) =>
  `${origin(request, header(request, 'host') ?? request.host)}/${bucket}/${uriEncode(key, true)}`;

/**
 * An object's own path-style URL on this service, for a client that fetches it later (a torrent's web seed): the
 * service's origin from configuration or API Gateway's context (never the Host header a client chose), less a
 * virtual-host domain's bucket label, and the query given. A key ending in `/` ends in `%2F` (decoded back to the same
 * key), so no client takes the URL for a directory to append a name to.
 */
export function objectUrl(request: S3Request, bucket: string, key: string, query: Record<string, string> = {}): string {
  const origin = request.origin ?? 'http://localhost';
  const label = `://${bucket}.`;
  const service = request.virtualHost && origin.toLowerCase().includes(label) ? origin.replace(label, '://') : origin;
  const path = uriEncode(key, true).replace(/\/$/, '%2F');
  const search = new URLSearchParams(query).toString();
  return `${service}/${bucket}/${path}${search === '' ? '' : `?${search}`}`;
}
