import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { changeObject, showObject } from '../../lib/storage/console/http/object-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** GET/POST /v1/console/buckets/{bucket}/object?key=: an object's details, versions and actions. */
export const handler = signedInConsole(container, deps, (request) =>
  request.event.httpMethod === 'POST' ? changeObject(request) : showObject(request),
);
