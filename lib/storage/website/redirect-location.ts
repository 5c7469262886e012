import { StorageError } from '../model/errors';

/** S3's limit on `x-amz-website-redirect-location`. */
const MAX_REDIRECT_LOCATION_BYTES = 2048;

/**
 * `x-amz-website-redirect-location` of a write: stored with the object, returned on GET and HEAD, and a 301 to it on
 * the website endpoint. S3 takes a path on the same site (`/…`) or an absolute http(s) URL, nothing else.
 */
export function assertRedirectLocation(value: string | undefined): void {
  if (value === undefined) return;
  const allowed = value.startsWith('/') || /^https?:\/\//i.test(value);
  if (!allowed || Buffer.byteLength(value) > MAX_REDIRECT_LOCATION_BYTES) {
    throw new StorageError('InvalidRedirectLocation', undefined, { HeaderName: 'x-amz-website-redirect-location' });
  }
}
