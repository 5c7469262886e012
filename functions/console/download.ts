import { awsClients, resourceNames } from '../../lib/aws';
import { serviceConfig } from '../../lib/config';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { downloadObject } from '../../lib/storage/console/http/object-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(), serviceConfig());

/** GET /v1/console/buckets/{bucket}/download?key=: a presigned, attachment-disposition GET through the S3 API. */
export const handler = signedInConsole(deps, downloadObject);
