import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { changeBucket, showBucket } from '../../lib/storage/console/http/bucket-routes';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** GET/POST /v1/console/buckets/{bucket}: a folder of the bucket; its settings and deletion. */
export const handler = signedInConsole(container, deps, (request) =>
  request.event.httpMethod === 'POST' ? changeBucket(request) : showBucket(request),
);
