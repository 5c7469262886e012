import { setTimeout as sleep } from 'node:timers/promises';
import type { StorageAction } from '../access/authorization';
import { existingBucket } from '../access/bucket-access';
import { authorizedObject } from '../access/object-access';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { ObjectLock } from '../model/object-lock';
import type { ObjectRecord } from '../model/object-record';
import type { ObjectVersion } from '../model/object-version';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { type KeyState, legacyVersion, readKeyState } from '../store/version-lookup';

const MAX_ATTEMPTS = 40;

/** The version a ?retention or ?legal-hold request names: the current object, or `versionId`. */
export interface VersionTarget {
  /** The bucket's name. */
  bucket: string;
  key: string;
  versionId?: string;
}

/** The bucket of a ?retention or ?legal-hold request: on a bucket without object lock they are 400 InvalidRequest. */
export async function lockEnabledBucket(deps: StorageDeps, name: string): Promise<BucketRecord> {
  const bucket = await existingBucket(deps, name);
  if (!bucket.objectLock) throw new StorageError('InvalidRequest', 'Bucket is missing Object Lock Configuration');
  return bucket;
}

/**
 * The part of a version's lock a GET ?retention or ?legal-hold asks for, after the object's ACL check;
 * 404 NoSuchObjectLockConfiguration when the version has none.
 */
export async function versionLockPart<T>(
  deps: StorageDeps,
  principal: Principal,
  target: VersionTarget,
  action: Extract<StorageAction, 'GetObjectRetention' | 'GetObjectLegalHold'>,
  part: (lock: ObjectLock) => T | undefined,
): Promise<T> {
  const bucket = await lockEnabledBucket(deps, target.bucket);
  const { lock } = await authorizedObject(deps, principal, bucket, target.key, action, target.versionId);
  const value = lock ? part(lock) : undefined;
  if (value === undefined) throw new StorageError('NoSuchObjectLockConfiguration');
  return value;
}

/**
 * Changes the lock of one version. `plan` reads the request once the bucket is known to have lock, and returns the
 * change: it sees the version's lock as read and returns the new one (or throws when the change is not allowed).
 * The write is conditional on the key's head as read before, and bumps it, so a change and a delete of the version
 * serialize: neither acts on a lock state the other has already changed.
 */
export async function changeVersionLock(
  deps: StorageDeps,
  principal: Principal,
  target: VersionTarget,
  action: Extract<StorageAction, 'PutObjectRetention' | 'PutObjectLegalHold'>,
  plan: (bucket: BucketRecord) => (current: ObjectLock | undefined) => ObjectLock,
): Promise<void> {
  const bucket = await lockEnabledBucket(deps, target.bucket);
  const change = plan(bucket);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await readKeyState(deps, bucket.name, target.key);
    const record = await authorizedObject(deps, principal, bucket, target.key, action, target.versionId);
    if (await storeLock(deps, bucket, state, record, change(record.lock))) return;
    await sleep(Math.random() * Math.min(100, 5 * 2 ** attempt));
  }
  throw new StorageError('SlowDown');
}

async function storeLock(
  deps: StorageDeps,
  bucket: BucketRecord,
  state: KeyState,
  record: ObjectRecord | ObjectVersion,
  lock: ObjectLock,
): Promise<boolean> {
  if (!state.head) {
    // An object from before versioning has no head to serialize on: its first lock gives it one (its history
    // starts with it as the null version), so a delete that read it unlocked fails its own condition.
    if (state.legacy?.blobId !== record.blobId) return false;
    const version: ObjectVersion = { ...legacyVersion(state.legacy), lock };
    const change = { bucket: bucket.name, key: record.key, put: [version], remove: [], current: version };
    const head = { latestSeq: version.seq, nullSeq: version.seq, revision: 1 };
    return (await deps.versions.apply({ ...change, head })) === 'committed';
  }
  const version = 'seq' in record ? record : await deps.versions.get(bucket.name, record.key, state.head.latestSeq);
  if (!version || version.blobId !== record.blobId) return false;
  return deps.versions.putLock(version, lock, state.head, version.seq === state.head.latestSeq);
}
