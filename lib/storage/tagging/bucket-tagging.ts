import type { Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { BUCKET_TAG_LIMIT, type Tag, validTagSet } from './tag-set';
import { parseTagging } from './tagging-documents';

/** GetBucketTagging: the bucket owner's; none set → 404 NoSuchTagSet. */
export async function getBucketTagging(deps: StorageDeps, principal: Principal, name: string): Promise<Tag[]> {
  const bucket = await bucketFor(deps, principal, name, 'GetBucketTagging');
  if (!bucket.tags) throw new StorageError('NoSuchTagSet', undefined, { BucketName: name });
  return bucket.tags;
}

/** PutBucketTagging: replaces the bucket's tag set (at most 50 tags). */
export async function putBucketTagging(deps: StorageDeps, principal: Principal, name: string, body: Buffer): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketTagging');
  await updateTags(deps, name, validTagSet(parseTagging(body.toString('utf8')), BUCKET_TAG_LIMIT));
}

export async function deleteBucketTagging(deps: StorageDeps, principal: Principal, name: string): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketTagging');
  await updateTags(deps, name, null);
}

async function updateTags(deps: StorageDeps, name: string, tags: Tag[] | null) {
  if (!(await deps.buckets.update(name, { tags }))) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
}
