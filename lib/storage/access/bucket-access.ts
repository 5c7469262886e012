import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { authorize, type StorageAction } from './authorization';

/**
 * The bucket, after checking that the principal may do `action` on it (NoSuchBucket first, as S3 answers); `key`
 * names the object an object-level action (PutObject, DeleteObject) writes, for the bucket policy's resource, and
 * `versionId` the version it acts on (DeleteObject of a version is `s3:DeleteObjectVersion`, whoever calls it).
 */
export async function bucketFor(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  action: StorageAction,
  key?: string,
  versionId?: string,
): Promise<BucketRecord> {
  const bucket = await existingBucket(deps, name);
  authorize(principal, action, {
    bucket,
    ...(key === undefined ? {} : { key }),
    ...(versionId === undefined ? {} : { versionId }),
  });
  return bucket;
}

/** The bucket or NoSuchBucket, before an object-level check that needs the object too. */
export async function existingBucket(deps: StorageDeps, name: string): Promise<BucketRecord> {
  const bucket = await deps.buckets.get(name);
  if (!bucket) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
  return bucket;
}
