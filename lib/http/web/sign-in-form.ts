import { randomBytes } from 'node:crypto';
import type { ApiEvent, ApiResult } from '../types';
import { type CookieOptions, expiredCookie, requestCookies, sessionCookie } from './cookies';
import { CsrfRefusedError, issueCsrfToken, verifyCsrfToken } from './csrf';
import { seeOther } from './html-response';
import type { SessionCookieSpec } from './session-guard';
import { signSessionId } from './session-token';

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

/** A submitted sign-in form must carry the token bound to this browser's pre-sign-in cookie: else CsrfRefusedError. */
export function assertSignInForm(
  event: Pick<ApiEvent, 'headers' | 'multiValueHeaders'>,
  secret: string,
  cookieName: string,
  token: unknown,
  now: Date,
): void {
  const preLogin = requestCookies(event)[cookieName];
  if (preLogin === undefined || !verifyCsrfToken(secret, `login|${preLogin}`, token, now)) throw new CsrfRefusedError();
}

/** After a successful sign-in: the signed session cookie, the pre-sign-in cookie cleared, and on to `location`. */
export function signedInRedirect(
  location: string,
  input: {
    secret: string;
    sessionId: string;
    cookie: SessionCookieSpec & Omit<CookieOptions, 'path'>;
    preSignIn: Pick<SignInFormCookie, 'name' | 'path'>;
  },
): ApiResult {
  const { name, purpose, ...options } = input.cookie;
  return seeOther(location, {
    cookies: [
      sessionCookie(name, signSessionId(input.secret, purpose, input.sessionId), options),
      expiredCookie(input.preSignIn.name, input.preSignIn.path),
    ],
  });
}
