import { createHash, createHmac, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time';

/**
 * A session cookie is `<session id>.<HMAC of it>`: a forged or altered cookie is refused before any read. The id
 * itself is 256 random bits; tables keep only its SHA-256, so a leaked table gives no usable session. `purpose`
 * (admin-session, console-session) is in the MAC, so a cookie of one surface is never a valid cookie of another.
 */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function signSessionId(secret: string, purpose: string, sessionId: string): string {
  return `${sessionId}.${mac(secret, purpose, sessionId)}`;
}

/** The session id of a well-signed cookie value, else undefined. */
export function verifySessionCookie(secret: string, purpose: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const [sessionId, signature, extra] = value.split('.');
  if (!sessionId || !signature || extra !== undefined) return undefined;
  return constantTimeEqual(signature, mac(secret, purpose, sessionId)) ? sessionId : undefined;
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

function mac(secret: string, purpose: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`${purpose}|${sessionId}`).digest('base64url');
}
