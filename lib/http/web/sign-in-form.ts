import { randomBytes } from 'node:crypto';
import type { ApiEvent } from '../types';
import { type CookieOptions, requestCookies, sessionCookie } from './cookies';
import { issueCsrfToken, verifyCsrfToken } from './csrf';

/** How long a sign-in form stays usable. */
export const SIGN_IN_FORM_TTL_SECONDS = 3600;

/** The pre-sign-in cookie of a surface: its name and the cookie attributes it is set with. */
export interface SignInFormCookie extends Omit<CookieOptions, 'maxAgeSeconds'> {
  name: string;
}

/**
 * Before sign-in there is no session to bind a CSRF token to: a random pre-sign-in cookie stands in for it (kept
 * while it is well-formed, so several open tabs stay valid). Returns the form's token and the cookie to set.
 */
export function signInFormToken(
  event: Pick<ApiEvent, 'headers' | 'multiValueHeaders'>,
  secret: string,
  cookie: SignInFormCookie,
  now: Date,
): { csrf: string; setCookie: string } {
  const existing = requestCookies(event)[cookie.name];
  const preLogin = existing && /^[\w-]{20,64}$/.test(existing) ? existing : randomBytes(18).toString('base64url');
  const { name, ...options } = cookie;
  return {
    csrf: issueCsrfToken(secret, `login|${preLogin}`, now, SIGN_IN_FORM_TTL_SECONDS),
    setCookie: sessionCookie(name, preLogin, { ...options, maxAgeSeconds: SIGN_IN_FORM_TTL_SECONDS }),
  };
}

/** Whether a submitted sign-in form carries the token bound to this browser's pre-sign-in cookie. */
export function verifySignInForm(
  event: Pick<ApiEvent, 'headers' | 'multiValueHeaders'>,
  secret: string,
  cookieName: string,
  token: unknown,
  now: Date,
): boolean {
  const preLogin = requestCookies(event)[cookieName];
  return preLogin !== undefined && verifyCsrfToken(secret, `login|${preLogin}`, token, now);
}
