import { awsClients, resourceNames } from '../../lib/aws';
import { serviceConfig } from '../../lib/config';
import { logger } from '../../lib/log';
import { applyLifecycle } from '../../lib/storage';
import { createStorageWiring } from '../../lib/storage/storage-wiring';

/** Built once per container, at module scope. */
const config = serviceConfig();
const wiring = createStorageWiring(awsClients(), resourceNames(), config);

/** Scheduled: applies every bucket's lifecycle rules (expirations, noncurrent versions, delete markers, idle uploads). */
export const handler = async (): Promise<void> => {
  const report = await applyLifecycle(wiring.deps, { now: new Date(), daySeconds: config.storageLifecycleDaySeconds });
  logger().info('lifecycle pass', { ...report });
};
