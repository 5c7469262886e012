import type { Principal } from './auth/principal';
import type { BucketRecord } from './buckets/bucket';
import { StorageError } from './errors';

export type StorageAction =
  | 'ListAllMyBuckets'
  | 'CreateBucket'
  | 'ListBucket'
  | 'DeleteBucket'
  | 'GetBucketLocation'
  | 'GetObject'
  | 'PutObject'
  | 'DeleteObject';

/**
 * The one place that decides who may do what. For now: ownership only (the owner does everything,
 * any signed user may create buckets and list their own, anonymous may do nothing). ACLs (next issue)
 * extend this function; no caller decides on its own.
 */
export function authorize(principal: Principal, action: StorageAction, bucket?: BucketRecord): void {
  if (principal.kind === 'anonymous') throw new StorageError('AccessDenied');
  if (action === 'ListAllMyBuckets' || action === 'CreateBucket') return;
  if (!bucket || bucket.ownerId !== principal.user.id) throw new StorageError('AccessDenied');
}
