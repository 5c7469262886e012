import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { logger } from '../../lib/log';
import { DEFAULT_UPLOAD_EXPIRY_DAYS, sweepStorage } from '../../lib/storage';
import { createStorageWiring } from '../../lib/storage/storage-wiring';

/** Built once per container, at module scope. */
const wiring = createStorageWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());
const ONE_HOUR_MS = 3600 * 1000;
const ONE_DAY_MS = 24 * ONE_HOUR_MS;

/**
 * Scheduled (hourly): aborts multipart uploads idle for 7 days, removes blobs older than an hour that
 * nothing points at. Also `npm run cli -- storage sweep-orphans`.
 */
export const handler = async (): Promise<void> => {
  const now = Date.now();
  const report = await sweepStorage(wiring, {
    olderThan: new Date(now - ONE_HOUR_MS),
    uploadsIdleSince: new Date(now - DEFAULT_UPLOAD_EXPIRY_DAYS * ONE_DAY_MS),
  });
  logger().info('orphan blob sweep', { ...report });
};
