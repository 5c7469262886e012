import type { VNode } from 'preact';
import type { ApiResult, Container, ErrorRenderer } from '../../../http';
import { DependencyUnavailableError, withRetryAfter } from '../../../http';
import {
  checkSession,
  cookiesSecure,
  htmlResponse,
  renderDocument,
  type UploadedFile,
  UploadRefusedError,
  type WebRequest,
  webEndpoint,
} from '../../../http/web';
import { GatewayError } from '../../errors';
import type { AdminDependencies } from '../admin-dependencies';
import { RETORNO_MAX_BYTES } from '../boleto-files/retorno-limit';
import type { AdminSession } from '../sessions/admin-session';
import { AdminErrorPage } from '../views/admin-error-page';
import type { PageFrame } from '../views/layout';
import { AdminNotFoundError, CsrfRefusedError } from './admin-errors';
import { withoutCardNumbersInQuery } from './admin-request';

/**
 * The session cookie, scoped to the admin UI's path (object pages, other users' content on this origin, never get
 * it) and `__Secure-` where it is Secure (HTTPS), so no plain-http page can plant one. Not `__Host-`: that prefix
 * demands Path=/.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Secure-gw_admin_session' : 'gw_admin_session');
/** In the cookie's MAC: an admin cookie is never a valid cookie of another surface. */
export const SESSION_PURPOSE = 'admin-session';

/** What every admin route gets. */
export type AdminRequest = WebRequest<AdminDependencies>;

/** A request of a logged-in admin user, CSRF-checked when it is a POST. */
export interface SignedInRequest extends AdminRequest {
  session: AdminSession;
  /** The page frame with a fresh CSRF token for the forms it renders. */
  frame: PageFrame & { user: NonNullable<PageFrame['user']> };
  form: Record<string, string>;
  /** Files of a multipart/form-data POST (the retorno upload), by field name. */
  files: Record<string, UploadedFile>;
}

/** The admin's only upload is a retorno: its limit, and room for the other fields and the multipart framing. */
const MAX_FORM_BYTES = RETORNO_MAX_BYTES + 64 * 1024;

/**
 * The middy stack of every admin page, around the dependencies its handler wired (admin-wiring.ts, once per container):
 * errors become an HTML page (nothing internal leaks). The web secret is the gateway's server secret.
 */
export function adminEndpoint(
  container: Container,
  deps: AdminDependencies,
  route: (request: AdminRequest) => Promise<ApiResult>,
) {
  return webEndpoint(
    container,
    '/v1/admin',
    () => deps,
    (request) => route({ ...request, event: withoutCardNumbersInQuery(request.event) }),
    renderAdminError,
    deps.gateway.serverSecret,
  );
}

/**
 * Pages behind the login: a missing, forged, expired or logged-out session goes to the login page
 * (and back here afterwards); a POST must carry the CSRF token bound to this session.
 */
export function signedInEndpoint(
  container: Container,
  deps: AdminDependencies,
  route: (request: SignedInRequest) => Promise<ApiResult>,
) {
  return adminEndpoint(container, deps, async (request) => {
    const { event, secret, deps, base } = request;
    const now = deps.now();
    const check = await checkSession(event, {
      secret,
      cookie: { name: sessionCookieName(cookiesSecure(event)), purpose: SESSION_PURPOSE, path: base },
      find: (id) => deps.sessions.find(id, now),
      signInUrl: `${base}/login`,
      binding: (session) => `admin|${session.id}`,
      now,
      maxFormBytes: MAX_FORM_BYTES,
    });
    if (!check.signedIn) return check.toSignIn;
    const { session, form, files, csrf } = check;
    return route({
      ...request,
      session,
      form,
      files,
      frame: { stage: request.stage, base, user: { email: session.email, merchantName: session.merchantName, csrf } },
    });
  });
}

export function page(statusCode: number, document: VNode, cookies: string[] = []): ApiResult {
  return htmlResponse(statusCode, renderDocument(document), { cookies });
}

/** Admin errors as a page: refused forms 403, unknown or someone else's transaction 404 (the same), anything else a bare 500. */
export const renderAdminError: ErrorRenderer = (error, { requestId, stage }) => {
  const frame = { stage: stage ?? 'sandbox', base: '/v1/admin' };
  if (error instanceof CsrfRefusedError) {
    return page(403, <AdminErrorPage {...frame} title="Form refused" message={error.message} requestId={requestId} />);
  }
  if (error instanceof UploadRefusedError) {
    const tooLarge = error.reason === 'too_large';
    const message = tooLarge
      ? `A file sent here is at most ${RETORNO_MAX_BYTES} bytes; nothing was imported. Import larger retorno files with the CLI (boleto retorno).`
      : 'The form could not be read; nothing was imported. Choose the file again and resend it.';
    const title = tooLarge ? 'File too large' : 'Upload refused';
    return page(tooLarge ? 413 : 400, <AdminErrorPage {...frame} title={title} message={message} requestId={requestId} />);
  }
  if (error instanceof AdminNotFoundError || (error instanceof GatewayError && error.kind === 'not_found')) {
    return page(
      404,
      <AdminErrorPage
        {...frame}
        title="Not found"
        message="There is no such transaction or page in your account."
        requestId={requestId}
      />,
    );
  }
  if (error instanceof DependencyUnavailableError) {
    const message = 'The service is briefly unavailable; nothing was changed. Try again in a moment.';
    const document = <AdminErrorPage {...frame} title="Temporarily unavailable" message={message} requestId={requestId} />;
    return withRetryAfter(page(503, document), error);
  }
  return page(
    500,
    <AdminErrorPage
      {...frame}
      title="Something went wrong"
      message="Try again in a moment; if it keeps happening, give us the request id below."
      requestId={requestId}
    />,
  );
};
