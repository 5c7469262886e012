import type { StorageDeps } from '../storage-deps';

/**
 * A deleted bucket ends the logging settings that point at it (S3 silently stops delivering to a deleted target), so
 * a bucket re-created under that name, by its old owner or anyone else, never receives the earlier sources' records.
 * The delivery pass checks the target's owner and grant again anyway (delivery-check.ts), which also covers a setting
 * changed while this runs. Reads the logging index: one read per logging bucket, at each bucket deletion.
 */
export async function stopLoggingInto(deps: Pick<StorageDeps, 'buckets'>, target: string): Promise<number> {
  let stopped = 0;
  for (const name of await deps.buckets.withSetting('logging')) {
    const source = await deps.buckets.get(name);
    if (source?.logging?.targetBucket !== target) continue;
    if (await deps.buckets.update(name, { logging: null })) stopped++;
  }
  return stopped;
}
