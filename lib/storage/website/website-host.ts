import { addressRequest } from '../requests/addressing';
import type { S3Request } from '../requests/s3-request';

/**
 * A request whose Host is `<bucket>.<websiteHost>`, addressed as the website endpoint names things (the bucket from
 * the Host, the key from the whole path); undefined for any other request. Checked before S3's own addressing: the
 * website host may itself be under the REST endpoint's base host (`s3-website.localhost` under `localhost`).
 */
export function asWebsiteRequest(request: S3Request, websiteHost: string): S3Request | undefined {
  const suffix = `.${websiteHost.toLowerCase()}`;
  if (!request.host.endsWith(suffix) || request.host.length <= suffix.length) return undefined;
  return { ...request, ...addressRequest(request.rawPath, request.host, websiteHost) };
}
