import type { StorageDeps } from '../storage-deps';

/** Best effort: a blob that cannot be removed now is an orphan that the sweeper removes later. */
export async function removeBlob(deps: Pick<StorageDeps, 'blobs'>, blobId: string): Promise<void> {
  await deps.blobs.delete(blobId).catch(() => undefined);
}
