import { setTimeout as sleep } from 'node:timers/promises';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { lockForNewVersion } from '../model/lock-rules';
import { lockField } from '../model/object-lock';
import type { ObjectRecord } from '../model/object-record';
import { removeObjectBlobs } from './remove-blob';
import type { ChangeCause, ChangeEvent, StorageDeps } from './storage-deps';
import { addVersion } from './version-writer';
import type { WritePrecondition } from './write-conditions';

const MAX_ATTEMPTS = 40;

/** A committed write; `versioned` says whether S3 reports its version id (x-amz-version-id). */
export interface Committed {
  record: ObjectRecord;
  versioned: boolean;
}

/**
 * Points a key at a blob that is already written: a new version in a versioned bucket, the one
 * object otherwise. Returns the record as committed (with its version id). A failed commit removes its own blob.
 * `precondition` (conditional writes) is checked against the key's current object in the same optimistic round as the commit.
 */
export async function commitObject(
  deps: StorageDeps,
  bucket: BucketRecord,
  record: ObjectRecord,
  precondition?: WritePrecondition,
  /** False when the blobs are not this request's own (a multipart upload keeps its parts when completion fails). */
  removeOnFailure = true,
  /** The notification event this write is (PUT unless said: POST, COPY, CompleteMultipartUpload). */
  event: Extract<ChangeEvent, `ObjectCreated:${string}`> = 'ObjectCreated:Put',
): Promise<Committed> {
  // Every new version passes here: the bucket's default retention applies to those whose request named none.
  record = { ...record, ...lockField(lockForNewVersion(bucket.objectLock, record.lock, deps.now())) };
  const cause: ChangeCause = { event, principalId: record.ownerId };
  try {
    if (!bucket.versioning && (await commitUnversioned(deps, bucket, record, precondition, cause)) === 'committed') {
      return { record, versioned: false };
    }
    // Versioned, or versioning was enabled while this request ran: the unversioned commit refused it.
    const current = bucket.versioning ? bucket : await deps.buckets.get(bucket.name);
    if (!current?.versioning) throw new StorageError('NoSuchBucket', undefined, { BucketName: bucket.name });
    return {
      record: await addVersion(deps, current, { ...record, deleteMarker: false }, precondition, cause),
      versioned: true,
    };
  } catch (error) {
    if (removeOnFailure) await removeObjectBlobs(deps, record);
    throw error;
  }
}

/**
 * Optimistic concurrency: read what the key points at, commit on the condition that it still does (and
 * that the bucket is live and unversioned), retry when another writer won. The winner of each round
 * removes exactly the blob it replaced, so concurrent PUTs leave one consistent object and no orphan.
 */
async function commitUnversioned(
  deps: StorageDeps,
  bucket: BucketRecord,
  record: ObjectRecord,
  precondition: WritePrecondition | undefined,
  cause: ChangeCause,
): Promise<'committed' | 'no-bucket'> {
  const { key, size, etag } = record;
  const outbox = deps.changeOutbox?.(bucket, { ...cause, key, size, etag, orderMs: deps.now().getTime() }) ?? [];
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await deps.objects.get(record.bucket, record.key);
    precondition?.(current);
    const outcome = await deps.objects.commit(record, current?.blobId, outbox);
    if (outcome === 'committed') {
      if (current) await removeObjectBlobs(deps, current);
      return outcome;
    }
    if (outcome === 'no-bucket') return outcome;
    await sleep(Math.random() * Math.min(100, 5 * 2 ** attempt));
  }
  throw new StorageError('SlowDown');
}
