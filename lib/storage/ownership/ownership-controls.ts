import { grantsOf } from '../acl/access-control';
import type { Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { assertOwnershipFitsAcl, type ObjectOwnership } from './object-ownership';
import { parseOwnershipControls } from './ownership-documents';

/** GetBucketOwnershipControls: the bucket owner's; none set → 404 OwnershipControlsNotFoundError. */
export async function getOwnershipControls(deps: StorageDeps, principal: Principal, name: string): Promise<ObjectOwnership> {
  const bucket = await bucketFor(deps, principal, name, 'GetBucketOwnershipControls');
  if (!bucket.ownership) throw new StorageError('OwnershipControlsNotFoundError', undefined, { BucketName: name });
  return bucket.ownership;
}

/** PutBucketOwnershipControls: BucketOwnerEnforced only on a bucket whose ACL is private. */
export async function putOwnershipControls(deps: StorageDeps, principal: Principal, name: string, body: Buffer): Promise<void> {
  const bucket = await bucketFor(deps, principal, name, 'PutBucketOwnershipControls');
  const ownership = parseOwnershipControls(body.toString('utf8'));
  assertOwnershipFitsAcl(ownership, grantsOf(bucket), { id: bucket.ownerId, displayName: bucket.ownerDisplayName });
  await updateOwnership(deps, name, ownership);
}

/** DeleteBucketOwnershipControls: back to no setting (objects owned by their writer); idempotent. */
export async function deleteOwnershipControls(deps: StorageDeps, principal: Principal, name: string): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketOwnershipControls');
  await updateOwnership(deps, name, null);
}

async function updateOwnership(deps: StorageDeps, name: string, ownership: ObjectOwnership | null) {
  if (!(await deps.buckets.update(name, { ownership }))) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
}
