import type { StorageDeps } from '../store/storage-deps';

/**
 * A deleted bucket ends the logging settings that point at it (S3 silently stops delivering to a deleted target), so
 * a bucket re-created under that name, by its old owner or anyone else, never receives the earlier sources' records.
 * The delivery pass checks the target's owner and grant again anyway (delivery-check.ts), which also covers a setting
 * changed while this runs. Reads the logging index and each logging bucket (25 at a time), at each bucket deletion.
 */
export async function stopLoggingInto(deps: Pick<StorageDeps, 'buckets'>, target: string): Promise<number> {
  const names = await deps.buckets.withSetting('logging');
  let stopped = 0;
  for (let start = 0; start < names.length; start += READS_AT_ONCE) {
    const sources = await Promise.all(names.slice(start, start + READS_AT_ONCE).map((name) => deps.buckets.get(name)));
    for (const source of sources) {
      if (source?.logging?.targetBucket !== target) continue;
      if (await deps.buckets.update(source.name, { logging: null })) stopped++;
    }
  }
  return stopped;
}

/** Bucket reads in flight while looking for the settings to end. */
const READS_AT_ONCE = 25;
