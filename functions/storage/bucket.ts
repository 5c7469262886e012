import { awsClients, resourceNames } from '../../lib/aws';
import { serviceConfig } from '../../lib/config';
import { s3Function } from '../../lib/storage';
import { createStorageWiring } from '../../lib/storage/storage-wiring';

/** Built once per container, at module scope, and passed in. */
const wiring = createStorageWiring(awsClients(), resourceNames(), serviceConfig());

/**
 * S3 requests on the bucket level (path style), and whatever a virtual-host request reaches this route with: a
 * virtual-host GET of a one-segment key (`<bucket>.<host>/photo.jpg`) lands here, so this route streams as well.
 */
export const handler = s3Function(wiring, { streaming: true });
