import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { logger } from '../../lib/log';
import { applyLifecycle } from '../../lib/storage';
import { createStorageWiring } from '../../lib/storage/storage-wiring';

/** Built once per container, at module scope. */
const config = serviceConfig();
const wiring = createStorageWiring(awsClients(), resourceNames(serviceConfig()), config);

/** Scheduled: applies every bucket's lifecycle rules (expirations, noncurrent versions, delete markers, idle uploads). */
export const handler = async (): Promise<void> => {
  const report = await applyLifecycle(wiring.deps, { now: new Date(), daySeconds: config.storageLifecycleDaySeconds });
  logger().info('lifecycle pass', { ...report });
};
