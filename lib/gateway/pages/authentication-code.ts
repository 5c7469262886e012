import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time';

/**
 * The sandbox issuer's one-time code for a page: derived from the page and the web secret, so it
 * needs no storage and cannot be guessed from the page's address. The sandbox page shows it.
 */
export function sandboxAuthenticationCode(secret: string, pageUuid: string): string {
  const digest = createHmac('sha256', secret).update(`3ds-code|${pageUuid}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export function isAuthenticationCode(secret: string, pageUuid: string, typed: unknown): boolean {
  if (typeof typed !== 'string') return false;
  return constantTimeEqual(typed.replace(/\s/g, ''), sandboxAuthenticationCode(secret, pageUuid));
}

/** What a passed authentication is bound to: a token for this binding proves the step was done for this page. */
export const authenticationBinding = (pageUuid: string) => `3ds|${pageUuid}`;
