import { blobIdsOf, type ObjectRecord } from '../model/object-record';
import type { StorageDeps } from './storage-deps';

/** Best effort: a blob that cannot be removed now is an orphan that the sweeper removes later. */
export async function removeBlob(deps: Pick<StorageDeps, 'blobs'>, blobId: string): Promise<void> {
  await deps.blobs.delete(blobId).catch(() => undefined);
}

/** Removes the bytes of a replaced or deleted object: its blob, or every part blob of a multipart manifest. */
export async function removeObjectBlobs(
  deps: Pick<StorageDeps, 'blobs'>,
  record: Pick<ObjectRecord, 'blobId' | 'parts'>,
): Promise<void> {
  await Promise.all(blobIdsOf(record).map((blobId) => removeBlob(deps, blobId)));
}
