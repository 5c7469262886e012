import type { Principal } from '../auth/principal';
import { authorize, isAllowed, type StorageAction } from '../authorization';
import type { BucketRecord } from '../buckets/bucket';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import type { ObjectRecord } from './object-record';

/**
 * The object a request acts on, after the ACL check on the object itself. A missing key is NoSuchKey
 * only to those who may list the bucket; others get AccessDenied, as S3 answers, so keys cannot be probed.
 */
export async function authorizedObject(
  deps: StorageDeps,
  principal: Principal,
  bucket: BucketRecord,
  key: string,
  action: Extract<StorageAction, 'GetObject' | 'GetObjectAcl' | 'PutObjectAcl'>,
): Promise<ObjectRecord> {
  const record = await deps.objects.get(bucket.name, key);
  if (!record) {
    if (!isAllowed(principal, 'ListBucket', { bucket })) throw new StorageError('AccessDenied');
    throw new StorageError('NoSuchKey', undefined, { Key: key });
  }
  authorize(principal, action, { bucket, object: record });
  return record;
}
