import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { downloadObject } from '../../lib/storage/console/http/object-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** GET /v1/console/buckets/{bucket}/download?key=: a presigned, attachment-disposition GET through the S3 API. */
export const handler = signedInConsole(container, deps, downloadObject);
