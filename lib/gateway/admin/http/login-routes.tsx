import type { ApiResult } from '../../../http';
import {
  assertSignInForm,
  cookiesSecure,
  expiredCookie,
  formBody,
  safeNext,
  seeOther,
  signedInRedirect,
  signInFormToken,
} from '../../../http/web';
import { logIn, logOut } from '../login/admin-login';
import { SESSION_TTL_SECONDS } from '../sessions/admin-session';
import { LoginPage } from '../views/login-page';
import { type AdminRequest, page, SESSION_PURPOSE, type SignedInRequest, sessionCookieName } from './admin-endpoint';

/** Before login there is no session to bind the CSRF token to: a random pre-login cookie stands in for it. */
const PRELOGIN_COOKIE = 'gw_admin_login';

export async function showLogin(request: AdminRequest): Promise<ApiResult> {
  const next = safeNext(request.base, request.event.queryStringParameters?.next);
  return loginForm(request, 200, { next });
}

export async function submitLogin(request: AdminRequest): Promise<ApiResult> {
  const { event, secret, deps } = request;
  const form = formBody(event);
  assertSignInForm(event, secret, PRELOGIN_COOKIE, form._csrf, deps.now());
  const next = safeNext(request.base, form.next);
  const result = await logIn(deps, { email: form.email ?? '', password: form.password ?? '', origin: request.origin });
  if (!result.ok && result.reason === 'throttled') {
    const error = `Too many failed attempts from your network. For your security, logging in from here is paused; try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`;
    const refused = loginForm(request, 429, { next, error, email: form.email });
    return { ...refused, headers: { ...refused.headers, 'retry-after': String(result.retryAfterSeconds) } };
  }
  if (!result.ok) return loginForm(request, 401, { next, error: 'Wrong e-mail or password.', email: form.email });
  return signedInRedirect(next ?? request.base, {
    secret,
    sessionId: result.session.id,
    cookie: {
      name: sessionCookieName(cookiesSecure(event)),
      purpose: SESSION_PURPOSE,
      path: request.base,
      maxAgeSeconds: SESSION_TTL_SECONDS,
      secure: cookiesSecure(event),
    },
    preSignIn: { name: PRELOGIN_COOKIE },
  });
}

export async function submitLogout(request: SignedInRequest): Promise<ApiResult> {
  await logOut(request.deps, request.session, request.origin);
  const name = sessionCookieName(cookiesSecure(request.event));
  return seeOther(`${request.base}/login`, { cookies: [expiredCookie(name, request.base)] });
}

function loginForm(
  request: AdminRequest,
  statusCode: number,
  state: { next?: string; error?: string; email?: string },
): ApiResult {
  const cookie = { name: PRELOGIN_COOKIE, secure: cookiesSecure(request.event) };
  const { csrf, setCookie } = signInFormToken(request.event, request.secret, cookie, request.deps.now());
  return page(statusCode, <LoginPage stage={request.stage} base={request.base} csrf={csrf} {...state} />, [setCookie]);
}
