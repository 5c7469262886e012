import type { ApiResult } from '../../../http';
import {
  assertSignInForm,
  expiredCookie,
  formBody,
  type SignInFormCookie,
  safeNext,
  seeOther,
  signedInRedirect,
  signInFormToken,
} from '../../../http/web';
import { CONSOLE_SESSION_TTL_SECONDS } from '../sessions/console-session';
import { signIn, signOut } from '../sign-in/console-sign-in';
import { SignInPage } from '../views/sign-in-page';
import {
  CONSOLE_SESSION_PURPOSE,
  type ConsoleRequest,
  page,
  type SignedInConsoleRequest,
  sessionCookieName,
} from './console-endpoint';

/** The pre-sign-in cookie that the sign-in form's CSRF token is bound to; path-scoped like the session's. */
const signInCookie = (request: ConsoleRequest): SignInFormCookie => ({
  name: request.secure ? '__Secure-gw_console_signin' : 'gw_console_signin',
  secure: request.secure,
  path: request.base,
  sameSite: 'strict',
});

/** GET /v1/console/sign-in, and GET /v1/console without a session. */
export async function showSignIn(request: ConsoleRequest): Promise<ApiResult> {
  return signInForm(request, 200, { next: safeNext(request.base, request.event.queryStringParameters?.next) });
}

/** POST /v1/console/sign-in: access key + secret key; a session cookie and back to where the user was going. */
export async function submitSignIn(request: ConsoleRequest): Promise<ApiResult> {
  const { event, secret, deps } = request;
  const form = formBody(event);
  assertSignInForm(event, secret, signInCookie(request).name, form._csrf, deps.now());
  const next = safeNext(request.base, form.next);
  const accessKey = form.accessKey ?? '';
  const result = await signIn(deps, { accessKey, secretKey: form.secretKey ?? '', origin: request.origin });
  if (!result.ok) {
    if (result.reason === 'invalid')
      return signInForm(request, 401, { next, accessKey, error: 'Wrong access key or secret key.' });
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    const error = `Too many failed attempts. For your security, signing in is paused; try again in ${minutes} minutes.`;
    const answer = await signInForm(request, 429, { next, accessKey, error });
    return { ...answer, headers: { ...answer.headers, 'retry-after': String(result.retryAfterSeconds) } };
  }
  const { name, path } = signInCookie(request);
  return signedInRedirect(next ?? request.base, {
    secret,
    sessionId: result.session.id,
    cookie: {
      name: sessionCookieName(request.secure),
      purpose: CONSOLE_SESSION_PURPOSE,
      path: request.base,
      maxAgeSeconds: CONSOLE_SESSION_TTL_SECONDS,
      secure: request.secure,
      sameSite: 'strict',
    },
    preSignIn: { name, path },
  });
}

/** POST /v1/console/sign-out: the session is deleted server-side, so a copied cookie dies with it. */
export async function submitSignOut(request: SignedInConsoleRequest): Promise<ApiResult> {
  await signOut(request.deps, request.actor);
  return seeOther(`${request.base}/sign-in`, { cookies: [expiredCookie(sessionCookieName(request.secure), request.base)] });
}

function signInForm(
  request: ConsoleRequest,
  statusCode: number,
  state: { next?: string; error?: string; accessKey?: string },
): Promise<ApiResult> {
  const { csrf, setCookie } = signInFormToken(request.event, request.secret, signInCookie(request), request.deps.now());
  const body = <SignInPage stage={request.stage} base={request.base} csrf={csrf} {...state} />;
  return Promise.resolve(page(statusCode, body, { cookies: [setCookie] }));
}
