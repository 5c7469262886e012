import { logger } from '../../lib/log';
import { storageWiring, sweepOrphanBlobs } from '../../lib/storage';

const ONE_HOUR_MS = 3600 * 1000;

/** Scheduled (hourly): removes blobs older than an hour that no object points at. Also `npm run cli -- storage sweep-orphans`. */
export const handler = async (): Promise<void> => {
  const { deps, inventory } = storageWiring();
  const report = await sweepOrphanBlobs(
    { inventory, objects: deps.objects, versions: deps.versions },
    { olderThan: new Date(Date.now() - ONE_HOUR_MS) },
  );
  logger().info('orphan blob sweep', { ...report });
};
