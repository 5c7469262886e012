import { headerOf, stagePrefixOf } from '../event-parts';
import type { ApiEvent, ApiResult } from '../types';
import { expiredCookie, requestCookies } from './cookies';
import { CsrfRefusedError, issueCsrfToken, verifyCsrfToken } from './csrf';
import { formBody } from './form-body';
import { seeOther } from './html-response';
import { isMultipartForm, multipartForm, type UploadedFile } from './multipart-form';
import { verifySessionCookie } from './session-token';
import type { WebSession } from './web-session-store';

/** A surface's session cookie: its name, the purpose in its MAC, its path. */
export interface SessionCookieSpec {
  name: string;
  purpose: string;
  path?: string;
}

type Event = Pick<ApiEvent, 'headers' | 'multiValueHeaders' | 'httpMethod' | 'path' | 'requestContext' | 'queryStringParameters'>;

/** The live session the request's cookie names (well-signed, found, not expired); `presented`: some cookie came. */
export async function sessionFromCookie<S extends WebSession>(
  event: Pick<ApiEvent, 'headers' | 'multiValueHeaders'>,
  secret: string,
  cookie: SessionCookieSpec,
  find: (sessionId: string) => Promise<S | undefined>,
): Promise<{ session?: S; presented: boolean }> {
  const value = requestCookies(event)[cookie.name];
  const sessionId = verifySessionCookie(secret, cookie.purpose, value);
  return { ...(sessionId ? { session: await find(sessionId) } : {}), presented: value !== undefined };
}

/** A signed-out request goes to the sign-in page (a GET with `next`, to come back here), clearing a stale cookie. */
export function redirectToSignIn(event: Event, signInUrl: string, stale?: SessionCookieSpec): ApiResult {
  const here = `${stagePrefixOf(event)}${event.path}`;
  const query = new URLSearchParams((event.queryStringParameters ?? {}) as Record<string, string>).toString();
  const next = event.httpMethod === 'GET' ? `?next=${encodeURIComponent(query ? `${here}?${query}` : here)}` : '';
  return seeOther(`${signInUrl}${next}`, { cookies: stale ? [expiredCookie(stale.name, stale.path)] : [] });
}

/** A signed-in request's form: its fields, its files (a multipart/form-data upload; none otherwise), a fresh token. */
export interface SessionForm {
  form: Record<string, string>;
  files: Record<string, UploadedFile>;
  csrf: string;
}

/**
 * A signed-in request's form, and a fresh CSRF token (bound to `binding`, alive as long as the session) for the forms
 * its page renders. A POST must carry a token bound to the same session, in the form (`_csrf`, urlencoded or
 * multipart) or, for a script's JSON call, in `x-csrf-token`: else CsrfRefusedError, and nothing is done. A multipart
 * body over `maxFormBytes` is refused (UploadRefusedError) before it is parsed.
 */
export async function sessionForm(
  event: Event & Pick<ApiEvent, 'body' | 'isBase64Encoded'>,
  secret: string,
  binding: string,
  session: WebSession,
  now: Date,
  maxFormBytes?: number,
): Promise<SessionForm> {
  const isPost = event.httpMethod === 'POST';
  const json = (headerOf(event, 'content-type') ?? '').startsWith('application/json');
  const multipart = isPost && isMultipartForm(event) ? await multipartForm(event, maxFormBytes) : undefined;
  const form = multipart?.fields ?? (isPost && !json ? formBody(event) : {});
  if (isPost && !verifyCsrfToken(secret, binding, form._csrf ?? headerOf(event, 'x-csrf-token'), now))
    throw new CsrfRefusedError();
  const lifetime = Math.max(60, session.expiresAt - Math.floor(now.getTime() / 1000));
  return { form, files: multipart?.files ?? {}, csrf: issueCsrfToken(secret, binding, now, lifetime) };
}

export type SessionCheck<S> = { signedIn: false; toSignIn: ApiResult } | ({ signedIn: true; session: S } & SessionForm);

/**
 * A page behind a sign-in: the session the cookie names (`find` decides whether it is still good), its CSRF-checked
 * form and a fresh token; or, without one, the redirect to the sign-in page (and back, for a GET).
 */
export async function checkSession<S extends WebSession>(
  event: Event & Pick<ApiEvent, 'body' | 'isBase64Encoded'>,
  input: {
    secret: string;
    cookie: SessionCookieSpec;
    find: (sessionId: string) => Promise<S | undefined>;
    signInUrl: string;
    /** What CSRF tokens are bound to, e.g. `admin|<session id>`. */
    binding: (session: S) => string;
    now: Date;
    /** The largest multipart/form-data body taken (default DEFAULT_MAX_FORM_BYTES). */
    maxFormBytes?: number;
  },
): Promise<SessionCheck<S>> {
  const { session, presented } = await sessionFromCookie(event, input.secret, input.cookie, input.find);
  if (!session)
    return { signedIn: false, toSignIn: redirectToSignIn(event, input.signInUrl, presented ? input.cookie : undefined) };
  const form = await sessionForm(event, input.secret, input.binding(session), session, input.now, input.maxFormBytes);
  return { signedIn: true, session, ...form };
}
