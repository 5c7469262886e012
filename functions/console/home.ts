import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { createBucketFromConsole, showBuckets } from '../../lib/storage/console/http/bucket-list-routes';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { showSignIn } from '../../lib/storage/console/http/sign-in-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** GET /v1/console: the user's buckets, or the sign-in form without a session. POST: create a bucket. */
export const handler = signedInConsole(
  container,
  deps,
  (request) => (request.event.httpMethod === 'POST' ? createBucketFromConsole(request) : showBuckets(request)),
  { signedOut: showSignIn },
);
