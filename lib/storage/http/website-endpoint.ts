import { dependencyFailureOf } from '../../http';
import { readObject } from '../controllers/object-read-response';
import { StorageError } from '../model/errors';
import { ANONYMOUS, type Principal } from '../model/principal';
import type { AccessKeyResolver } from '../model/storage-user';
import type { WebsiteConfiguration } from '../model/website-configuration';
import { header, type S3Request } from '../requests/s3-request';
import type { S3Response } from '../requests/s3-response';
import type { StorageDeps } from '../store/storage-deps';
import { HTML_CONTENT_TYPE, statusOf, websiteErrorPage } from '../website/website-error-page';
import { WebsiteRequestFailure } from '../website/website-failure';
import {
  encodeKey,
  indexedKey,
  redirectAllOf,
  routingRedirect,
  type WebsiteOrigin,
  type WebsiteRedirect,
} from '../website/website-routing';
import { withRequestFacts } from './request-facts';

/** The website endpoint authenticates nobody: credentials a request carries are ignored, as S3's website endpoint does. */
const NO_KEYS: AccessKeyResolver = { resolveAccessKey: async () => undefined };
/** Headers that make a read conditional or partial: the error document is served whole, whatever the request asked. */
const READ_CONDITIONS = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

/**
 * One request on the website endpoint (`Host: <bucket>.<STORAGE_WEBSITE_HOST>`), as S3's website endpoint answers
 * it: anonymous GET and HEAD of the bucket's objects through the REST endpoint's own read path (ACLs, bucket policy,
 * Block Public Access, conditional and range requests), index documents, redirects and the error document; errors are
 * HTML pages.
 */
export async function serveWebsiteRequest(deps: StorageDeps, request: S3Request): Promise<S3Response> {
  try {
    return await serveSite(deps, request);
  } catch (error) {
    if (!(error instanceof StorageError)) throw new WebsiteRequestFailure(dependencyFailureOf(error) ?? error);
    return errorPage(request, error);
  }
}

async function serveSite(deps: StorageDeps, request: S3Request): Promise<S3Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new StorageError('MethodNotAllowed', undefined, { Method: request.method, ResourceType: 'OBJECT' });
  }
  const name = request.bucket ?? '';
  const bucket = await deps.buckets.get(name);
  if (!bucket) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
  const site = bucket.website;
  if (!site) throw new StorageError('NoSuchWebsiteConfiguration', undefined, { BucketName: name });
  const origin = originOf(request);
  const key = request.key ?? '';
  const early = redirectAllOf(site, origin, request.rawPath) ?? routingRedirect(site, origin, key);
  if (early) return redirectResponse(early);
  const principal = withRequestFacts(ANONYMOUS, request, deps.now());
  try {
    return await serveObject(deps, principal, request, indexedKey(key, site));
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    return await answerError(deps, principal, request, site, error);
  }
}

/**
 * After a failed read: `folder` → 302 to `folder/` when its index document is there; then a routing rule on the
 * error's code; then the error document with the error's status; else S3's HTML error page.
 */
async function answerError(
  deps: StorageDeps,
  principal: Principal,
  request: S3Request,
  site: WebsiteConfiguration,
  error: StorageError,
): Promise<S3Response> {
  const key = request.key ?? '';
  const status = statusOf(error);
  if ((error.code === 'NoSuchKey' || error.code === 'AccessDenied') && key !== '' && !key.endsWith('/')) {
    const folderIndex = await serveObject(deps, principal, { ...request, method: 'HEAD' }, indexedKey(`${key}/`, site)).catch(
      () => undefined,
    );
    if (folderIndex?.status === 200) return redirectResponse({ status: 302, location: `/${encodeKey(key)}/` });
  }
  const routed = routingRedirect(site, originOf(request), key, status);
  if (routed) return redirectResponse(routed);
  if (site.errorKey === undefined) throw error;
  const plain = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !READ_CONDITIONS.includes(name)));
  try {
    const document = await serveObject(deps, principal, { ...request, headers: plain }, site.errorKey);
    // The error document with the error's status, and the error named in its header as S3 does.
    return { ...document, status, headers: { ...document.headers, 'x-amz-error-code': error.code } };
  } catch (documentError) {
    if (!(documentError instanceof StorageError)) throw documentError;
    return errorPage(request, error, documentError);
  }
}

/** The object through the REST endpoint's read path, as an anonymous GET or HEAD; a website redirect object is a 301. */
async function serveObject(deps: StorageDeps, principal: Principal, request: S3Request, key: string): Promise<S3Response> {
  const bucket = request.bucket ?? '';
  const call = { deps, keys: NO_KEYS, principal, request: { ...request, key, query: [] }, bucket, key, body: Buffer.alloc(0) };
  const response = await readObject(call, request.method === 'GET');
  const { 'content-security-policy': _sandbox, 'x-amz-website-redirect-location': redirect, ...headers } = response.headers;
  if (redirect !== undefined && response.status !== 304) return redirectResponse({ status: 301, location: redirect });
  // The website endpoint is the bucket's own origin (`<bucket>.<website host>`), where its pages run their scripts as
  // S3's do; the REST endpoint's sandbox is for objects served from the service's origin.
  return { ...response, headers };
}

function redirectResponse({ status, location }: WebsiteRedirect): S3Response {
  return { status, headers: { location, 'content-length': '0' } };
}

function errorPage(request: S3Request, error: StorageError, documentError?: StorageError): S3Response {
  const status = statusOf(error);
  const page = websiteErrorPage(error, request.requestId, documentError);
  const headers = { 'content-type': HTML_CONTENT_TYPE, 'x-amz-error-code': error.code };
  return request.method === 'HEAD' ? { status, headers } : { status, headers, body: page };
}

/** The scheme the client used (API Gateway and proxies say it in X-Forwarded-Proto) and the Host it sent. */
function originOf(request: S3Request): WebsiteOrigin {
  const protocol = header(request, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https' : 'http';
  return { protocol, host: request.headers.host?.[0] ?? request.host };
}
