import { setTimeout as sleep } from 'node:timers/promises';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { assertDeletable } from '../model/lock-rules';
import type { ObjectRecord } from '../model/object-record';
import { type KeyHead, MAX_VERSIONED_KEY_BYTES, type ObjectVersion, type VersionChange } from '../model/object-version';
import { newVersionSeq, timeOfSeq } from '../model/version-id';
import { removeObjectBlobs } from './remove-blob';
import type { ChangeCause, StorageDeps } from './storage-deps';
import { findVersion, legacyVersion, nullVersionOf, readKeyState } from './version-lookup';
import type { WritePrecondition } from './write-conditions';

const MAX_ATTEMPTS = 40;

const headOf = (latestSeq: string, nullSeq: string | undefined, revision: number): KeyHead =>
  nullSeq === undefined ? { latestSeq, revision } : { latestSeq, nullSeq, revision };

/**
 * Puts a version on top of a key's history (PUT, COPY, or a delete marker). Enabled: a new version id;
 * Suspended: version id `null`, replacing the previous null version (its blob is removed). Every change
 * is conditional on the key's head as read, so versions written in parallel are all kept, in commit order;
 * `precondition` sees the key's current object as of that head, so a conditional write holds atomically.
 */
export async function addVersion(
  deps: StorageDeps,
  bucket: BucketRecord,
  content: ObjectRecord & { deleteMarker: boolean },
  precondition?: WritePrecondition,
  /** The notification event this version is (a created object, or a delete marker). */
  cause?: ChangeCause,
): Promise<ObjectVersion> {
  const suspended = bucket.versioning === 'Suspended';
  const { bucket: name, key } = content;
  if (Buffer.byteLength(key) > MAX_VERSIONED_KEY_BYTES)
    throw new StorageError('KeyTooLongError', 'Keys of versioned buckets are at most 1,001 bytes here');
  return retry(async () => {
    const state = await readKeyState(deps, name, key);
    // The latest entry as of the head read (a marker included): the change is conditional on that head.
    if (precondition) precondition(state.head ? await deps.versions.get(name, key, state.head.latestSeq) : state.legacy);
    const legacy = state.legacy ? legacyVersion(state.legacy) : undefined;
    const seq = newVersionSeq(deps.now(), state.head?.latestSeq ?? legacy?.seq);
    const added: ObjectVersion = { ...content, seq, versionId: suspended ? 'null' : seq };
    const previousNull = await nullVersionOf(deps, name, key, state);
    // Suspended replaces the null version for good; a lock bucket is never suspended, but the rule holds here too.
    if (suspended && previousNull) assertDeletable(previousNull.lock, deps.now(), false);
    const change: VersionChange = {
      bucket: name,
      key,
      expectedHead: state.head,
      head: headOf(seq, suspended ? seq : previousNull?.seq, (state.head?.revision ?? 0) + 1),
      put: [added, ...(legacy && !suspended ? [legacy] : [])],
      // A legacy null version lives only in the current item, which `current` overwrites or removes.
      remove: suspended && previousNull && !legacy ? [previousNull.seq] : [],
      current: added.deleteMarker ? null : added,
      outbox: cause
        ? (deps.changeOutbox?.(bucket, {
            ...cause,
            key,
            versionId: added.versionId,
            ...(added.deleteMarker ? {} : { size: added.size, etag: added.etag }),
            orderMs: timeOfSeq(seq),
          }) ?? [])
        : [],
    };
    const outcome = await deps.versions.apply(change);
    if (outcome !== 'committed') return outcome;
    if (suspended && previousNull && !previousNull.deleteMarker) await removeObjectBlobs(deps, previousNull);
    return { done: added };
  }, name);
}

/**
 * Permanently deletes one version or delete marker (DELETE ?versionId) and its blob; the next newest becomes the latest.
 * A version under object lock is refused (the one path by which versions go, so no caller can skip the check); its
 * lock is read after the head the change is conditional on, and lock changes bump that head.
 */
export async function removeVersion(
  deps: StorageDeps,
  bucket: BucketRecord,
  key: string,
  versionId: string,
  precondition?: WritePrecondition,
  bypassGovernance = false,
  /** The notification event this removal is (a DELETE ?versionId, or lifecycle expiration). */
  cause?: ChangeCause,
): Promise<ObjectVersion | undefined> {
  return retry(async () => {
    const state = await readKeyState(deps, bucket.name, key);
    const target = await findVersion(deps, bucket, key, versionId);
    precondition?.(target);
    if (!target) return { done: undefined };
    assertDeletable(target.lock, deps.now(), bypassGovernance);
    const change: VersionChange = {
      bucket: bucket.name,
      key,
      put: [],
      remove: [],
      current: 'keep',
      // Ordered after the key's latest change: its head's seq (the removal itself makes no new seq).
      outbox: cause
        ? (deps.changeOutbox?.(bucket, {
            ...cause,
            key,
            versionId: target.versionId,
            orderMs: Math.max(deps.now().getTime(), state.head ? timeOfSeq(state.head.latestSeq) + 1 : 0),
          }) ?? [])
        : [],
    };
    if (state.head) {
      const { head } = state;
      const nullSeq = head.nullSeq === target.seq ? undefined : head.nullSeq;
      change.expectedHead = head;
      change.remove = [target.seq];
      change.head = headOf(head.latestSeq, nullSeq, head.revision + 1);
      if (target.seq === head.latestSeq) {
        const next = (await deps.versions.newest(bucket.name, key, 2)).find((version) => version.seq !== target.seq);
        change.head = next ? headOf(next.seq, nullSeq, head.revision + 1) : undefined;
        change.current = next && !next.deleteMarker ? next : null;
      }
    } else {
      // The object from before versioning: no history item, only the current one.
      change.current = null;
    }
    const outcome = await deps.versions.apply(change);
    if (outcome !== 'committed') return outcome;
    if (!target.deleteMarker) await removeObjectBlobs(deps, target);
    return { done: target };
  }, bucket.name);
}

async function retry<T>(attempt: () => Promise<{ done: T } | 'conflict' | 'no-bucket'>, bucket: string): Promise<T> {
  for (let round = 0; round < MAX_ATTEMPTS; round++) {
    const outcome = await attempt();
    if (outcome === 'no-bucket') throw new StorageError('NoSuchBucket', undefined, { BucketName: bucket });
    if (outcome !== 'conflict') return outcome.done;
    await sleep(Math.random() * Math.min(100, 5 * 2 ** round));
  }
  throw new StorageError('SlowDown');
}
