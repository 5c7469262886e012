import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { consoleEndpoint } from '../../lib/storage/console/http/console-endpoint';
import { showSignIn, submitSignIn } from '../../lib/storage/console/http/sign-in-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** GET/POST /v1/console/sign-in */
export const handler = consoleEndpoint(container, deps, (request) =>
  request.event.httpMethod === 'POST' ? submitSignIn(request) : showSignIn(request),
);
