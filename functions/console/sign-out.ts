import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { submitSignOut } from '../../lib/storage/console/http/sign-in-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** POST /v1/console/sign-out */
export const handler = signedInConsole(container, deps, submitSignOut);
