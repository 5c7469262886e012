import type { BucketRecord } from '../model/bucket';
import { maxBucketsOf } from '../model/bucket-quota';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { addStats, type BucketStats, bucketStats, NO_STATS } from './bucket-stats';

/** Buckets whose objects are summed at once for `GET /?usage`. */
const PARALLEL_BUCKETS = 8;

/** The limit that applies to an owner now: its own, else the stage's default. */
export async function ownerMaxBuckets(deps: Pick<StorageDeps, 'buckets' | 'maxBucketsPerUser'>, ownerId: string) {
  return maxBucketsOf(await deps.buckets.bucketCount(ownerId), deps.maxBucketsPerUser);
}

/**
 * RGW's headers on HEAD bucket with `?read-stats=true`: the bucket's current objects and bytes (for anyone the HEAD
 * lets in, as RGW), and the bucket limit of its owner (to the owner only, as RGW's quota headers). Without
 * `read-stats`, none: a plain HEAD stays one read.
 */
export async function statBucketHeaders(
  deps: StorageDeps,
  principal: Principal,
  bucket: BucketRecord,
  readStats: boolean,
): Promise<Record<string, string>> {
  if (!readStats) return {};
  const owner = principal.kind === 'user' && principal.user.id === bucket.ownerId;
  const [stats, maxBuckets] = await Promise.all([
    bucketStats(deps.objects, bucket.name),
    owner ? ownerMaxBuckets(deps, bucket.ownerId) : undefined,
  ]);
  return {
    'x-rgw-object-count': String(stats.objects),
    'x-rgw-bytes-used': String(stats.bytes),
    ...(maxBuckets === undefined ? {} : { 'x-rgw-quota-max-buckets': String(maxBuckets) }),
  };
}

/** `read-stats` as RGW reads a boolean argument. */
export const readStatsRequested = (value: string | undefined) => value !== undefined && /^(true|1|yes)$/i.test(value);

export interface AccountUsage {
  maxBuckets: number;
  total: BucketStats;
  /** The caller's buckets by name, each with its current objects. */
  buckets: { name: string; stats: BucketStats }[];
}

/**
 * `GET /?usage` (RGW's GetUsage): the caller's bucket limit, and its buckets' current objects summed bucket by
 * bucket (each a Query walk of its own partition). Anonymous callers have no usage: AccessDenied, as RGW answers.
 */
export async function accountUsage(deps: StorageDeps, principal: Principal): Promise<AccountUsage> {
  if (principal.kind !== 'user') throw new StorageError('AccessDenied');
  const ownerId = principal.user.id;
  const [owned, maxBuckets] = await Promise.all([deps.buckets.listByOwner(ownerId), ownerMaxBuckets(deps, ownerId)]);
  const names = owned.map((bucket) => bucket.name).sort();
  const buckets: AccountUsage['buckets'] = [];
  for (let start = 0; start < names.length; start += PARALLEL_BUCKETS) {
    const batch = names.slice(start, start + PARALLEL_BUCKETS);
    const stats = await Promise.all(batch.map((name) => bucketStats(deps.objects, name)));
    buckets.push(...batch.map((name, i) => ({ name, stats: stats[i]! })));
  }
  return { maxBuckets, total: buckets.reduce((sum, bucket) => addStats(sum, bucket.stats), NO_STATS), buckets };
}
