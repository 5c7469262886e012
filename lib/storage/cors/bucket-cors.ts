import { existingBucket } from '../access/bucket-access';
import { corsResponseHeaders, matchCorsRule, requestedHeaderNames } from '../model/cors-rules';
import { StorageError } from '../model/errors';
import type { StorageDeps } from '../store/storage-deps';

export interface PreflightRequest {
  bucket?: string;
  origin?: string;
  /** Access-Control-Request-Method. */
  method?: string;
  /** Access-Control-Request-Headers, unsplit. */
  headers?: string;
}

/**
 * A browser's preflight (OPTIONS), answered without authentication from the bucket's rules, as S3 does:
 * 400 without Origin or Access-Control-Request-Method, 403 when no rule allows the origin, method and headers.
 */
export async function corsPreflight(deps: StorageDeps, request: PreflightRequest): Promise<Record<string, string>> {
  if (request.origin === undefined)
    throw new StorageError('BadRequest', 'Insufficient information. Origin request header needed.');
  if (request.method === undefined) {
    throw new StorageError('BadRequest', 'Insufficient information. Access-Control-Request-Method header needed.');
  }
  if (request.bucket === undefined) throw new StorageError('BadRequest', 'A CORS preflight names a bucket.');
  const bucket = await existingBucket(deps, request.bucket);
  const headers = requestedHeaderNames(request.headers);
  const rule = matchCorsRule(bucket.cors ?? [], { origin: request.origin, method: request.method, headers });
  if (!rule) throw new StorageError('AccessForbidden');
  return corsResponseHeaders(rule, request.origin, headers);
}
