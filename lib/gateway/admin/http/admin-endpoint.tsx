import type { VNode } from 'preact';
import { type Stage, serviceConfig } from '../../../config';
import type { ApiEvent, ApiResult, ErrorRenderer } from '../../../http';
import { DependencyUnavailableError, httpEndpoint, withRetryAfter } from '../../../http';
import {
  expiredCookie,
  formBody,
  htmlResponse,
  issueCsrfToken,
  renderDocument,
  requestCookies,
  seeOther,
  verifyCsrfToken,
  webSecret,
} from '../../../http/web';
import { GatewayError } from '../../errors';
import { adminDependencies } from '../admin-container';
import type { AdminDependencies, RequestOrigin } from '../admin-dependencies';
import type { AdminSession } from '../sessions/admin-session';
import { verifySessionCookie } from '../sessions/session-token';
import { AdminErrorPage } from '../views/admin-error-page';
import type { PageFrame } from '../views/layout';
import { AdminNotFoundError, CsrfRefusedError } from './admin-errors';
import { adminBase, originOf, withoutCardNumbersInQuery } from './admin-request';

export const SESSION_COOKIE = 'gw_admin_session';

/** What every admin route gets: the request, where the UI lives, the stage, the secret and the dependencies. */
export interface AdminRequest {
  event: ApiEvent;
  base: string;
  stage: Stage;
  origin: RequestOrigin;
  secret: string;
  deps: AdminDependencies;
}

/** A request of a logged-in admin user, CSRF-checked when it is a POST. */
export interface SignedInRequest extends AdminRequest {
  session: AdminSession;
  /** The page frame with a fresh CSRF token for the forms it renders. */
  frame: PageFrame & { user: NonNullable<PageFrame['user']> };
  form: Record<string, string>;
}

/** The middy stack of every admin page: errors become an HTML page (nothing internal leaks). */
export function adminEndpoint(route: (request: AdminRequest) => Promise<ApiResult>) {
  return httpEndpoint(
    async (event) =>
      route({
        event: withoutCardNumbersInQuery(event),
        base: adminBase(event),
        stage: serviceConfig().stage,
        origin: originOf(event),
        secret: await webSecret(),
        deps: adminDependencies(),
      }),
    { renderError: renderAdminError },
  );
}

/**
 * Pages behind the login: a missing, forged, expired or logged-out session goes to the login page
 * (and back here afterwards); a POST must carry the CSRF token bound to this session.
 */
export function signedInEndpoint(route: (request: SignedInRequest) => Promise<ApiResult>) {
  return adminEndpoint(async (request) => {
    const { event, secret, deps, base } = request;
    const now = deps.now();
    const cookie = requestCookies(event)[SESSION_COOKIE];
    const sessionId = verifySessionCookie(secret, cookie);
    const session = sessionId ? await deps.sessions.find(sessionId, now) : undefined;
    if (!session) {
      const here = `${base}${event.path.slice('/v1/admin'.length)}`;
      const query = new URLSearchParams((event.queryStringParameters ?? {}) as Record<string, string>).toString();
      const next = event.httpMethod === 'GET' ? `?next=${encodeURIComponent(query ? `${here}?${query}` : here)}` : '';
      return seeOther(`${base}/login${next}`, { cookies: cookie ? [expiredCookie(SESSION_COOKIE)] : [] });
    }
    const binding = `admin|${session.id}`;
    const form = event.httpMethod === 'POST' ? formBody(event) : {};
    if (event.httpMethod === 'POST' && !verifyCsrfToken(secret, binding, form._csrf, now)) throw new CsrfRefusedError();
    const csrf = issueCsrfToken(secret, binding, now, Math.max(60, session.expiresAt - Math.floor(now.getTime() / 1000)));
    return route({
      ...request,
      session,
      form,
      frame: { stage: request.stage, base, user: { email: session.email, merchantName: session.merchantName, csrf } },
    });
  });
}

export function page(statusCode: number, document: VNode, cookies: string[] = []): ApiResult {
  return htmlResponse(statusCode, renderDocument(document), { cookies });
}

/** Admin errors as a page: refused forms 403, unknown or someone else's transaction 404 (the same), anything else a bare 500. */
export const renderAdminError: ErrorRenderer = (error, { requestId }) => {
  const frame = { stage: stageOrSandbox(), base: '/v1/admin' };
  if (error instanceof CsrfRefusedError) {
    return page(403, <AdminErrorPage {...frame} title="Form refused" message={error.message} requestId={requestId} />);
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

/** The error page must render even when the configuration is what failed: then it says sandbox, the cautious banner. */
function stageOrSandbox(): Stage {
  try {
    return serviceConfig().stage;
  } catch {
    return 'sandbox';
  }
}
