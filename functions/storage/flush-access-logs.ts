import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { logger } from '../../lib/log';
import { flushAccessLogs } from '../../lib/storage';
import { createStorageWiring } from '../../lib/storage/storage-wiring';

/** Built once per container, at module scope. */
const config = serviceConfig();
const wiring = createStorageWiring(awsClients(), resourceNames(serviceConfig()), config);
/** The schedule's period: records are delivered within STORAGE_LOG_FLUSH_SECONDS, the wait between passes included. */
const PASS_SECONDS = 60;

/** Scheduled (every minute): delivers buffered server access log records to their target buckets. */
export const handler = async (): Promise<void> => {
  const flushSeconds = Math.max(0, config.storageLogFlushSeconds - PASS_SECONDS);
  const report = await flushAccessLogs(wiring.deps, { now: new Date(), flushSeconds });
  logger().info('access log delivery', { ...report });
};
