import { createHmac, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time';

/**
 * Stateless CSRF tokens: `<expiry>.<nonce>.<hmac(secret, binding|expiry|nonce)>`. The binding ties a
 * token to what it protects (a hosted page's uuid, an admin session id), so a token taken from one
 * page or session is useless on another, and nothing has to be stored.
 */
export function issueCsrfToken(secret: string, binding: string, now: Date, ttlSeconds = 3600): string {
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const nonce = randomBytes(12).toString('base64url');
  return `${expiry}.${nonce}.${sign(secret, binding, expiry, nonce)}`;
}

export function verifyCsrfToken(secret: string, binding: string, token: unknown, now: Date): boolean {
  if (typeof token !== 'string') return false;
  const [expiryText, nonce, signature] = token.split('.');
  const expiry = Number(expiryText);
  if (!nonce || !signature || !Number.isInteger(expiry) || expiry < now.getTime() / 1000) return false;
  return constantTimeEqual(signature, sign(secret, binding, expiry, nonce));
}

function sign(secret: string, binding: string, expiry: number, nonce: string): string {
  return createHmac('sha256', secret).update(`csrf|${binding}|${expiry}|${nonce}`).digest('base64url');
}

/** A form came without a valid CSRF token for this session (or sign-in page): refused, nothing done. */
export class CsrfRefusedError extends Error {
  override name = 'CsrfRefusedError';
  constructor() {
    super('The form expired or did not come from this site. Go back, reload the page and try again.');
  }
}
