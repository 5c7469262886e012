import type { VNode } from 'preact';
import {
  type ApiResult,
  type Container,
  DependencyUnavailableError,
  type ErrorRenderer,
  headerOf,
  servedOverHttps,
  serviceOrigin,
  stagePrefixOf,
  withRetryAfter,
} from '../../../http';
import {
  CsrfRefusedError,
  checkSession,
  cookiesSecure,
  htmlResponse,
  renderDocument,
  type WebRequest,
  webEndpoint,
} from '../../../http/web';
import { StorageError } from '../../model/errors';
import { S3_ERROR_CODES, s3MessageOf } from '../../model/s3-error-codes';
import { actorOf, type ConsoleActor } from '../console-actor';
import type { ConsoleDependencies } from '../console-dependencies';
import { ConsoleErrorPage } from '../views/console-error-page';
import type { ConsoleFrame } from '../views/console-layout';
import { ConsoleNotFoundError } from './console-errors';

/** In the cookie's MAC: a console cookie is never a valid admin cookie, nor the reverse. */
export const CONSOLE_SESSION_PURPOSE = 'console-session';

/**
 * The session cookie: `__Secure-` where it is Secure (HTTPS), so no plain-http page or subdomain can plant one. Not
 * `__Host-`: that prefix demands Path=/, and this cookie is scoped to the console's path, so object pages (other
 * users' content, on this origin) never receive it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Secure-gw_console' : 'gw_console');

/** What every console route gets: the web request, the stage prefix (presigned URLs need it) and whether cookies are Secure. */
export interface ConsoleRequest extends WebRequest<ConsoleDependencies> {
  stagePrefix: string;
  secure: boolean;
}

/** A signed-in user's request, CSRF-checked when it changes anything. */
export interface SignedInConsoleRequest extends ConsoleRequest {
  actor: ConsoleActor;
  frame: ConsoleFrame & { user: NonNullable<ConsoleFrame['user']> };
  form: Record<string, string>;
  /** Where presigned URLs point: the Host this browser uses, and the stage prefix of the path. */
  target: { host: string; stagePrefix: string };
}

/** The middy stack of every console page: errors become a page (nothing internal leaks). */
export function consoleEndpoint(
  container: Container,
  deps: ConsoleDependencies,
  route: (request: ConsoleRequest) => Promise<ApiResult>,
  renderError = renderConsoleError,
) {
  const withConsole = (request: WebRequest<ConsoleDependencies>) =>
    route({ ...request, stagePrefix: stagePrefixOf(request.event), secure: cookiesSecure(request.event) });
  return webEndpoint(container, '/v1/console', () => deps, withConsole, renderError, deps.webSecret);
}

export interface SignedInOptions {
  /** Without a session: GET of the console's home shows the sign-in form itself; anything else is sent there. */
  signedOut?: (request: ConsoleRequest) => Promise<ApiResult>;
  renderError?: ErrorRenderer;
}

/**
 * Routes behind the sign-in: a missing, forged, expired or signed-out session, or one whose access key was revoked
 * since, goes to the sign-in (and back after it); a POST must carry the CSRF token bound to this session, in the
 * form (`_csrf`) or, for the upload script, in `x-csrf-token`.
 */
export function signedInConsole(
  container: Container,
  deps: ConsoleDependencies,
  route: (request: SignedInConsoleRequest) => Promise<ApiResult>,
  options: SignedInOptions = {},
) {
  return consoleEndpoint(
    container,
    deps,
    async (request) => {
      const { event, secret, deps, base } = request;
      const now = deps.now();
      const check = await checkSession(event, {
        secret,
        cookie: { name: sessionCookieName(request.secure), purpose: CONSOLE_SESSION_PURPOSE, path: base },
        // A session is good while its access key still resolves to its user (a revoked key ends it).
        find: async (id) => {
          const session = await deps.sessions.find(id, now);
          const overHttps = servedOverHttps(serviceOrigin(event, deps.publicBaseUrl));
          const actor = session ? await actorOf(deps, session, request.origin, event.headers ?? {}, overHttps) : undefined;
          return actor ? { ...session!, actor } : undefined;
        },
        signInUrl: `${base}/sign-in`,
        binding: (session) => `console|${session.id}`,
        now,
      });
      if (!check.signedIn) return options.signedOut ? options.signedOut(request) : check.toSignIn;
      const {
        session: { actor },
        form,
        csrf,
      } = check;
      return route({
        ...request,
        actor,
        form,
        target: { host: headerOf(event, 'host') ?? 'localhost', stagePrefix: request.stagePrefix },
        frame: {
          stage: request.stage,
          base,
          user: { displayName: actor.session.displayName, accessKey: actor.session.accessKey, csrf },
        },
      });
    },
    options.renderError,
  );
}

export function page(statusCode: number, document: VNode, options: { cookies?: string[]; scriptNonce?: string } = {}): ApiResult {
  return htmlResponse(statusCode, renderDocument(document), options);
}

/**
 * Console errors as a page: a refused form 403; an S3 error with its code, AWS's message and status (the API's own
 * answer, in words); an unknown console address 404; a dependency outage 503 with Retry-After; anything else a bare 500.
 */
export const renderConsoleError: ErrorRenderer = (error, { requestId, stage }) => {
  const frame = { stage: stage ?? 'sandbox', base: '/v1/console' };
  const show = (status: number, title: string, message: string, code?: string) =>
    page(status, <ConsoleErrorPage {...frame} title={title} message={message} code={code} requestId={requestId} />);
  if (error instanceof CsrfRefusedError) return show(403, 'Form refused', error.message);
  if (error instanceof ConsoleNotFoundError) return show(404, 'Not found', error.message);
  if (error instanceof StorageError) return show(s3StatusOf(error), 'Not done', s3MessageOf(error), error.code);
  if (error instanceof DependencyUnavailableError) {
    const message = 'The service is briefly unavailable; nothing was changed. Try again in a moment.';
    return withRetryAfter(show(503, 'Temporarily unavailable', message), error);
  }
  return show(500, 'Something went wrong', 'Try again in a moment; if it keeps happening, give us the request id below.');
};

/** The HTTP status S3 answers this error with. */
export const s3StatusOf = (error: StorageError): number => S3_ERROR_CODES[error.code][0];
