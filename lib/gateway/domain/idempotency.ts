import { createHash, createHmac, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time';

/**
 * Idempotency-Key (Stripe semantics): the same key with the same request replays the first response;
 * with another request it is refused. Keys are scoped to the merchant's token.
 */
export function idempotencyScope(tokenHash: string, key: string): string {
  return createHash('sha256').update(`${tokenHash}\n${key}`).digest('hex');
}

/** Keys are opaque strings chosen by the merchant (Stripe allows up to 255 characters). */
export function isValidIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= 255 && /^[\x21-\x7e]+$/.test(key);
}

/**
 * A salted HMAC of the request, so that the stored record reveals nothing of what was sent (the
 * request may hold card data, which must not be recoverable from a plain hash).
 */
export function fingerprint(request: unknown, salt = randomBytes(16).toString('hex')): { fingerprint: string; salt: string } {
  const digest = createHmac('sha256', salt).update(canonicalJson(request)).digest('hex');
  return { fingerprint: digest, salt };
}

export function matchesFingerprint(request: unknown, stored: { fingerprint: string; salt: string }): boolean {
  const actual = Buffer.from(fingerprint(request, stored.salt).fingerprint, 'hex');
  const expected = Buffer.from(stored.fingerprint, 'hex');
  return constantTimeEqual(actual, expected);
}

/** JSON with sorted keys: the same request always hashes the same, whatever the member order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
