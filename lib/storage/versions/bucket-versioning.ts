import type { Principal } from '../auth/principal';
import type { BucketRecord } from '../buckets/bucket';
import { bucketFor } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { parseVersioningConfiguration } from '../xml/versioning-documents';

export async function getBucketVersioning(
  deps: StorageDeps,
  principal: Principal,
  name: string,
): Promise<BucketRecord['versioning']> {
  return (await bucketFor(deps, principal, name, 'GetBucketVersioning')).versioning;
}

/** PutBucketVersioning: Enabled or Suspended; a versioned bucket never goes back to unversioned, as in S3. */
export async function putBucketVersioning(deps: StorageDeps, principal: Principal, name: string, body: Buffer): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketVersioning');
  const { status } = parseVersioningConfiguration(body.toString('utf8'));
  if (!(await deps.buckets.update(name, { versioning: status }))) {
    throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
  }
}
