import type { Stage } from '../../config';
import type { Container } from '../container';
import { httpEndpoint } from '../endpoint';
import { stagePrefixOf } from '../event-parts';
import type { ApiEvent, ApiResult, ErrorRenderer } from '../types';
import { originOf, type RequestOrigin } from './request-origin';

/** What every route of a web UI gets: the request, where the UI lives, the stage, the web secret and the surface's dependencies. */
export interface WebRequest<D> {
  event: ApiEvent;
  /** `<stage prefix><root>` (API Gateway's default domain puts the stage in the path): every link starts here. */
  base: string;
  stage: Stage;
  origin: RequestOrigin;
  secret: string;
  deps: D;
}

/** The middy stack of a web UI's pages (admin, console): errors rendered as the surface's page, nothing internal leaks. */
export function webEndpoint<D>(
  container: Container,
  root: string,
  dependencies: () => D,
  route: (request: WebRequest<D>) => Promise<ApiResult>,
  renderError: ErrorRenderer,
  /** The web secret's loader (CSRF tokens, session cookies), which the surface's wiring builds with its dependencies. */
  secret: () => Promise<string>,
) {
  return httpEndpoint(
    async (event) =>
      route({
        event,
        base: `${stagePrefixOf(event)}${root}`,
        stage: container.config().stage,
        origin: originOf(event),
        secret: await secret(),
        deps: dependencies(),
      }),
    // The UI's root names its surface: /v1/admin, /v1/console.
    {
      surface: root.endsWith('/console') ? 'console' : 'admin',
      renderError,
      metrics: container.metrics,
      stage: () => container.config().stage,
    },
  );
}
