import { bucketFor } from '../access/bucket-access';
import type { BucketCondition, BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { BucketObjectLock } from '../model/object-lock';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { parseObjectLockConfiguration } from '../xml/object-lock-documents';

const lockNeedsVersioning = () =>
  new StorageError('InvalidBucketState', 'Object Lock configuration cannot be enabled on a bucket without versioning Enabled.');
const versioningLocked = () =>
  new StorageError(
    'InvalidBucketState',
    'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
  );

/** GetObjectLockConfiguration: 404 ObjectLockConfigurationNotFoundError on a bucket without lock. */
export async function getObjectLockConfiguration(
  deps: StorageDeps,
  principal: Principal,
  name: string,
): Promise<BucketObjectLock> {
  const bucket = await bucketFor(deps, principal, name, 'GetBucketObjectLockConfiguration');
  if (!bucket.objectLock) throw new StorageError('ObjectLockConfigurationNotFoundError', undefined, { BucketName: name });
  return bucket.objectLock;
}

/**
 * PutObjectLockConfiguration: sets the default retention, and enables lock on a bucket whose versioning is Enabled
 * (409 InvalidBucketState otherwise, checked in the same write so a concurrent suspension cannot slip between).
 */
export async function putObjectLockConfiguration(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  body: Buffer,
): Promise<void> {
  const bucket = await bucketFor(deps, principal, name, 'PutBucketObjectLockConfiguration');
  if (bucket.versioning !== 'Enabled') throw lockNeedsVersioning();
  const objectLock = parseObjectLockConfiguration(body.toString('utf8'));
  if (await deps.buckets.update(name, { objectLock }, 'versioning-enabled')) return;
  throw (await deps.buckets.get(name))
    ? lockNeedsVersioning()
    : new StorageError('NoSuchBucket', undefined, { BucketName: name });
}

/** The condition PutBucketVersioning writes under: a lock bucket's versioning can never be suspended (409). */
export function versioningChangeCondition(bucket: BucketRecord, status: 'Enabled' | 'Suspended'): BucketCondition | undefined {
  if (status !== 'Suspended') return undefined;
  if (bucket.objectLock) throw versioningLocked();
  return 'no-object-lock';
}

/** A versioning change refused by its condition: lock was enabled meanwhile, or the bucket is gone. */
export async function versioningChangeRefused(deps: StorageDeps, name: string): Promise<StorageError> {
  return (await deps.buckets.get(name)) ? versioningLocked() : new StorageError('NoSuchBucket', undefined, { BucketName: name });
}
