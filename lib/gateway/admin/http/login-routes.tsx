import { randomBytes } from 'node:crypto';
import type { ApiResult } from '../../../http';
import {
  expiredCookie,
  formBody,
  issueCsrfToken,
  requestCookies,
  seeOther,
  sessionCookie,
  verifyCsrfToken,
} from '../../../http/web';
import { logIn, logOut } from '../login/admin-login';
import { SESSION_TTL_SECONDS } from '../sessions/admin-session';
import { signSessionId } from '../sessions/session-token';
import { LoginPage } from '../views/login-page';
import { type AdminRequest, page, SESSION_COOKIE, type SignedInRequest } from './admin-endpoint';
import { CsrfRefusedError } from './admin-errors';
import { cookiesSecure, safeNext } from './admin-request';

/** Before login there is no session to bind the CSRF token to: a random pre-login cookie stands in for it. */
const PRELOGIN_COOKIE = 'gw_admin_login';
const LOGIN_FORM_TTL_SECONDS = 3600;

export async function showLogin(request: AdminRequest): Promise<ApiResult> {
  const next = safeNext(request.base, request.event.queryStringParameters?.next);
  return loginForm(request, 200, { next });
}

export async function submitLogin(request: AdminRequest): Promise<ApiResult> {
  const { event, secret, deps } = request;
  const form = formBody(event);
  const preLogin = requestCookies(event)[PRELOGIN_COOKIE];
  if (!preLogin || !verifyCsrfToken(secret, `login|${preLogin}`, form._csrf, deps.now())) throw new CsrfRefusedError();
  const next = safeNext(request.base, form.next);
  const result = await logIn(deps, { email: form.email ?? '', password: form.password ?? '', origin: request.origin });
  if (!result.ok && result.reason === 'throttled') {
    const error = `Too many failed attempts from your network. For your security, logging in from here is paused; try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`;
    const refused = loginForm(request, 429, { next, error, email: form.email });
    return { ...refused, headers: { ...refused.headers, 'retry-after': String(result.retryAfterSeconds) } };
  }
  if (!result.ok) return loginForm(request, 401, { next, error: 'Wrong e-mail or password.', email: form.email });
  const cookie = sessionCookie(SESSION_COOKIE, signSessionId(secret, result.session.id), {
    maxAgeSeconds: SESSION_TTL_SECONDS,
    secure: cookiesSecure(event),
  });
  return seeOther(next ?? request.base, { cookies: [cookie, expiredCookie(PRELOGIN_COOKIE)] });
}

export async function submitLogout(request: SignedInRequest): Promise<ApiResult> {
  await logOut(request.deps, request.session, request.origin);
  return seeOther(`${request.base}/login`, { cookies: [expiredCookie(SESSION_COOKIE)] });
}

function loginForm(
  request: AdminRequest,
  statusCode: number,
  state: { next?: string; error?: string; email?: string },
): ApiResult {
  const existing = requestCookies(request.event)[PRELOGIN_COOKIE];
  const preLogin = existing && /^[\w-]{20,64}$/.test(existing) ? existing : randomBytes(18).toString('base64url');
  const csrf = issueCsrfToken(request.secret, `login|${preLogin}`, request.deps.now(), LOGIN_FORM_TTL_SECONDS);
  const cookie = sessionCookie(PRELOGIN_COOKIE, preLogin, {
    maxAgeSeconds: LOGIN_FORM_TTL_SECONDS,
    secure: cookiesSecure(request.event),
  });
  return page(statusCode, <LoginPage stage={request.stage} base={request.base} csrf={csrf} {...state} />, [cookie]);
}
