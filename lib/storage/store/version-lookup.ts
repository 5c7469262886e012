import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { ObjectRecord } from '../model/object-record';
import type { KeyHead, ObjectVersion } from '../model/object-version';
import { isVersionSeq, seqAt } from '../model/version-id';
import type { StorageDeps } from './storage-deps';

/** A key before a change: its head, or (no history yet) the object written before the bucket was versioned. */
export interface KeyState {
  head?: KeyHead;
  legacy?: ObjectRecord;
}

export async function readKeyState(deps: StorageDeps, bucket: string, key: string): Promise<KeyState> {
  const head = await deps.versions.head(bucket, key);
  if (head) return { head };
  const legacy = await deps.objects.get(bucket, key);
  return legacy ? { legacy } : {};
}

/** An object from before versioning, seen as the key's null version (S3: "existing objects get version id null"). */
export const legacyVersion = (record: ObjectRecord): ObjectVersion => ({
  ...record,
  versionId: 'null',
  seq: seqAt(new Date(record.lastModified)),
  deleteMarker: false,
});

export async function nullVersionOf(deps: StorageDeps, bucket: string, key: string, state: KeyState) {
  if (state.legacy) return legacyVersion(state.legacy);
  return state.head?.nullSeq === undefined ? undefined : deps.versions.get(bucket, key, state.head.nullSeq);
}

/** One version by its public id ('null' included), or undefined. A malformed id is InvalidArgument, as S3 answers. */
export async function findVersion(
  deps: StorageDeps,
  bucket: BucketRecord,
  key: string,
  versionId: string,
): Promise<ObjectVersion | undefined> {
  if (versionId === 'null') return nullVersionOf(deps, bucket.name, key, await readKeyState(deps, bucket.name, key));
  if (!bucket.versioning || !isVersionSeq(versionId)) {
    throw new StorageError('InvalidArgument', 'Invalid version id specified', {
      ArgumentName: 'versionId',
      ArgumentValue: versionId,
    });
  }
  const version = await deps.versions.get(bucket.name, key, versionId);
  return version?.versionId === versionId ? version : undefined;
}

/** The delete marker a key's history ends with, if it does (S3 reports it on the 404 of a plain GET). */
export async function latestDeleteMarker(
  deps: StorageDeps,
  bucket: BucketRecord,
  key: string,
): Promise<ObjectVersion | undefined> {
  if (!bucket.versioning) return undefined;
  const head = await deps.versions.head(bucket.name, key);
  const latest = head ? await deps.versions.get(bucket.name, key, head.latestSeq) : undefined;
  return latest?.deleteMarker ? latest : undefined;
}

/** The headers S3 puts on answers about a delete marker. */
export const deleteMarkerHeaders = (marker: Pick<ObjectVersion, 'versionId' | 'lastModified'>) => ({
  'x-amz-delete-marker': 'true',
  'x-amz-version-id': marker.versionId,
  'last-modified': new Date(marker.lastModified).toUTCString(),
});
