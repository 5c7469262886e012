import { StorageError } from '../model/errors';
import { objectLockHeaders } from '../model/lock-response-headers';
import { CONTENT_HEADERS, type ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import { assertRedirectLocation } from '../website/redirect-location';

type Headers = Readonly<Record<string, readonly string[]>>;
/** A header sent several times is one comma-separated list (RFC 9110), stored and returned as one value. */
const combined = (headers: Headers, name: string) => headers[name]?.join(', ');

/** Content headers and x-amz-meta-* of a PUT (or a copy with REPLACE). S3's default type is binary/octet-stream. */
export function requestedMetadata(headers: Headers): Pick<ObjectRecord, 'contentHeaders' | 'userMetadata'> {
  const contentHeaders: ObjectRecord['contentHeaders'] = {};
  for (const name of CONTENT_HEADERS) {
    let value = combined(headers, name);
    // aws-chunked is transfer framing, not the object's encoding.
    if (name === 'content-encoding' && value !== undefined) {
      value = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '' && part !== 'aws-chunked')
        .join(', ');
      if (value === '') value = undefined;
    }
    if (value !== undefined) contentHeaders[name] = value;
  }
  contentHeaders['content-type'] ??= 'binary/octet-stream';
  assertRedirectLocation(contentHeaders['x-amz-website-redirect-location']);
  const userMetadata: Record<string, string> = {};
  for (const [name, values] of Object.entries(headers)) {
    if (name.startsWith('x-amz-meta-')) userMetadata[name.slice('x-amz-meta-'.length)] = values.join(',');
  }
  assertMetadataFits(userMetadata);
  return { contentHeaders, userMetadata };
}

/** S3's limit on user metadata: the UTF-8 bytes of every key (without `x-amz-meta-`) and value, 2 KB in all. */
export const MAX_USER_METADATA_BYTES = 2048;

function assertMetadataFits(userMetadata: Record<string, string>): void {
  let size = 0;
  for (const [name, value] of Object.entries(userMetadata)) size += Buffer.byteLength(name) + Buffer.byteLength(value);
  if (size > MAX_USER_METADATA_BYTES) {
    throw new StorageError('MetadataTooLarge', undefined, {
      Size: String(size),
      MaxSizeAllowed: String(MAX_USER_METADATA_BYTES),
    });
  }
}

const OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};

/**
 * S3 refuses response-* overrides on anonymous reads: whoever reads a public object may not make this origin serve it
 * with a type or disposition its owner did not give it.
 */
export function assertOverridesAllowed(principal: Principal, query: readonly (readonly [string, string])[]): void {
  if (principal.kind === 'anonymous' && query.some(([name]) => name in OVERRIDES)) {
    throw new StorageError('InvalidRequest', 'Request specific response headers cannot be used for anonymous GET requests.');
  }
}

/**
 * Object bodies are other users' content served from the service's own origin: a sandboxed CSP gives an HTML
 * object an opaque origin (its script reaches no cookie or page of ours) and nosniff keeps a declared type from
 * being second-guessed into HTML. Overrides cannot remove them.
 */
export const USER_CONTENT_HEADERS = {
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
} as const;

/** The headers GET and HEAD return for an object, with the request's response-* overrides applied. */
export function objectResponseHeaders(
  record: ObjectRecord,
  query: readonly (readonly [string, string])[],
): Record<string, string> {
  const headers: Record<string, string> = {
    etag: `"${record.etag}"`,
    'last-modified': new Date(record.lastModified).toUTCString(),
    'accept-ranges': 'bytes',
    ...record.contentHeaders,
    ...objectLockHeaders(record.lock),
  };
  for (const [name, value] of Object.entries(record.userMetadata)) headers[`x-amz-meta-${name}`] = value;
  for (const [name, value] of query) {
    const target = OVERRIDES[name];
    if (target) headers[target] = value;
  }
  return { ...headers, ...USER_CONTENT_HEADERS };
}
