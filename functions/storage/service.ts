import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { s3Function } from '../../lib/storage';
import { createStorageWiring } from '../../lib/storage/storage-wiring';

/** Built once per container, at module scope, and passed in. */
const wiring = createStorageWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** S3 requests on the service level (path style), and whatever a virtual-host request reaches this route with. */
export const handler = s3Function(wiring, container);
