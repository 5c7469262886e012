import { httpEndpoint } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';
import { renderConsoleError } from '../../lib/storage/console/http/console-endpoint';
import { consoleScript } from '../../lib/storage/console/http/script-route';

/** GET /v1/console/console.js: no session, no secret, no table: the file. */
export const handler = httpEndpoint(consoleScript, {
  surface: 'console',
  renderError: renderConsoleError,
  metrics: container.metrics,
  stage: () => container.config().stage,
});
