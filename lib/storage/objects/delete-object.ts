import type { Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import type { StorageDeps } from '../storage-deps';
import { removeBlob } from './object-writer';

/** DeleteObject: idempotent; the removed record's blob goes with it. */
export async function deleteObject(deps: StorageDeps, principal: Principal, bucket: string, key: string): Promise<void> {
  await bucketFor(deps, principal, bucket, 'DeleteObject');
  const removed = await deps.objects.remove(bucket, key);
  if (removed) await removeBlob(deps, removed.blobId);
}
