import { setTimeout as sleep } from 'node:timers/promises';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import type { ObjectRecord } from './object-record';

const MAX_ATTEMPTS = 40;

/**
 * Points a key at a blob that is already written. Optimistic concurrency: read what the key points
 * at, commit on the condition that it still does (and that the bucket is live), retry when another
 * writer won. The winner of each round removes exactly the blob it replaced, so concurrent PUTs leave
 * one consistent object and no orphan; a failed commit removes its own blob.
 */
export async function commitObject(deps: StorageDeps, record: ObjectRecord): Promise<void> {
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await deps.objects.get(record.bucket, record.key);
      const outcome = await deps.objects.commit(record, current?.blobId);
      if (outcome === 'committed') {
        if (current) await removeBlob(deps, current.blobId);
        return;
      }
      if (outcome === 'no-bucket') throw new StorageError('NoSuchBucket', undefined, { BucketName: record.bucket });
      await sleep(Math.random() * Math.min(100, 5 * 2 ** attempt));
    }
    throw new StorageError('SlowDown');
  } catch (error) {
    await removeBlob(deps, record.blobId);
    throw error;
  }
}

/** Best effort: a blob that cannot be removed now is an orphan that the sweeper removes later. */
export async function removeBlob(deps: StorageDeps, blobId: string): Promise<void> {
  await deps.blobs.delete(blobId).catch(() => undefined);
}
