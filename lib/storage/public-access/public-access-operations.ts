import type { Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import type { PublicAccessBlock } from './public-access-block';
import { parsePublicAccessBlock } from './public-access-documents';

/** GetPublicAccessBlock: the bucket owner's; none set → 404 NoSuchPublicAccessBlockConfiguration. */
export async function getPublicAccessBlock(deps: StorageDeps, principal: Principal, name: string): Promise<PublicAccessBlock> {
  const bucket = await bucketFor(deps, principal, name, 'GetBucketPublicAccessBlock');
  if (!bucket.publicAccessBlock) {
    throw new StorageError('NoSuchPublicAccessBlockConfiguration', undefined, { BucketName: name });
  }
  return bucket.publicAccessBlock;
}

export async function putPublicAccessBlock(deps: StorageDeps, principal: Principal, name: string, body: Buffer): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketPublicAccessBlock');
  await updateBlock(deps, name, parsePublicAccessBlock(body.toString('utf8')));
}

/** DeletePublicAccessBlock: idempotent, 204 whether one was set or not. */
export async function deletePublicAccessBlock(deps: StorageDeps, principal: Principal, name: string): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketPublicAccessBlock');
  await updateBlock(deps, name, null);
}

async function updateBlock(deps: StorageDeps, name: string, publicAccessBlock: PublicAccessBlock | null) {
  if (!(await deps.buckets.update(name, { publicAccessBlock }))) {
    throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
  }
}
