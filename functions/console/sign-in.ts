import { consoleEndpoint } from '../../lib/storage/console/http/console-endpoint';
import { showSignIn, submitSignIn } from '../../lib/storage/console/http/sign-in-routes';

/** GET/POST /v1/console/sign-in */
export const handler = consoleEndpoint((request) =>
  request.event.httpMethod === 'POST' ? submitSignIn(request) : showSignIn(request),
);
