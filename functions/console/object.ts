import { awsClients, resourceNames } from '../../lib/aws';
import { serviceConfig } from '../../lib/config';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { changeObject, showObject } from '../../lib/storage/console/http/object-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(), serviceConfig());

/** GET/POST /v1/console/buckets/{bucket}/object?key=: an object's details, versions and actions. */
export const handler = signedInConsole(deps, (request) =>
  request.event.httpMethod === 'POST' ? changeObject(request) : showObject(request),
);
