import { expireIdleUploads } from '../multipart/expire-uploads';
import type { BlobInventory } from '../store/blob-inventory';
import type { StorageDeps } from '../store/storage-deps';
import { type SweepReport, sweepOrphanBlobs } from './sweep-orphan-blobs';

/**
 * The storage maintenance pass (hourly function and CLI): idle multipart uploads are aborted first, then
 * old blobs nothing points at are removed.
 */
export async function sweepStorage(
  wiring: { deps: StorageDeps; inventory: BlobInventory },
  options: { olderThan: Date; uploadsIdleSince: Date },
): Promise<SweepReport & { expiredUploads: number }> {
  const { deps, inventory } = wiring;
  const expiredUploads = await expireIdleUploads(deps, { idleSince: options.uploadsIdleSince });
  const report = await sweepOrphanBlobs(
    { inventory, objects: deps.objects, versions: deps.versions, uploads: deps.uploads },
    { olderThan: options.olderThan },
  );
  return { ...report, expiredUploads };
}
