import type { ObjectCatalog } from '../model/object-record';

/** A bucket's current objects: how many, their bytes, and their bytes rounded up to 4 KiB each (RGW's `size_rounded`). */
export interface BucketStats {
  objects: number;
  bytes: number;
  roundedBytes: number;
}

export const NO_STATS: BucketStats = { objects: 0, bytes: 0, roundedBytes: 0 };

/** RGW accounts every object in 4 KiB blocks for its rounded size. */
const BLOCK = 4096;
/** Objects per Query of the walk. */
const PAGE = 1000;

/**
 * The bucket's current objects counted and summed from its own partition of the object index, a bounded Query page
 * after page (never a Scan): what ListObjects would list, so noncurrent versions, delete markers and uploads in
 * progress do not count. One Query per thousand objects: a read for HEAD `?read-stats=true` and `GET /?usage`, which
 * ask for it, never for a plain HEAD.
 */
export async function bucketStats(objects: ObjectCatalog, bucket: string): Promise<BucketStats> {
  const stats = { ...NO_STATS };
  let after: string | undefined;
  for (;;) {
    const { items, more } = await objects.page(bucket, after === undefined ? {} : { after }, PAGE);
    for (const item of items) {
      stats.objects += 1;
      stats.bytes += item.size;
      stats.roundedBytes += Math.ceil(item.size / BLOCK) * BLOCK;
    }
    const last = items.at(-1);
    if (!more || last === undefined) return stats;
    after = last.key;
  }
}

export const addStats = (a: BucketStats, b: BucketStats): BucketStats => ({
  objects: a.objects + b.objects,
  bytes: a.bytes + b.bytes,
  roundedBytes: a.roundedBytes + b.roundedBytes,
});
