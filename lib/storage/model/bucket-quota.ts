/** RGW's `rgw_user_max_buckets`: what an owner may have when nobody set its own limit (STORAGE_MAX_BUCKETS_PER_USER). */
export const DEFAULT_MAX_BUCKETS = 1000;

/** An owner's bucket counter: how many buckets it has and, when an operator set one, its own limit. */
export interface BucketCount {
  count: number;
  maxBuckets?: number;
}

/** The limit that applies to an owner: its own, else the stage's default. */
export const maxBucketsOf = (count: BucketCount | undefined, defaultLimit: number): number => count?.maxBuckets ?? defaultLimit;

/**
 * What a CreateBucket transaction that failed on the counter means: no counter yet (create it from the owner index
 * and try again), the owner is at its limit (TooManyBuckets), or a place was freed since (try again).
 */
export function counterRefusal(count: BucketCount | undefined, defaultLimit: number): 'no-counter' | { limit: number } | 'retry' {
  if (count === undefined) return 'no-counter';
  const limit = maxBucketsOf(count, defaultLimit);
  return count.count >= limit ? { limit } : 'retry';
}
