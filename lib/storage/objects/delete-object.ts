import { bucketFor } from '../access/bucket-access';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { governanceBypassed } from '../model/lock-request-headers';
import type { ObjectRecord } from '../model/object-record';
import { ownerOf, type Principal } from '../model/principal';
import { removeObjectBlobs } from '../store/remove-blob';
import type { StorageDeps } from '../store/storage-deps';
import { addVersion, removeVersion } from '../store/version-writer';
import type { WritePrecondition } from '../store/write-conditions';

const MAX_ATTEMPTS = 40;

/** What S3 reports about a delete: x-amz-version-id and x-amz-delete-marker. */
export interface DeleteOutcome {
  versionId?: string;
  deleteMarker?: boolean;
}

/** Which version to delete, the conditional-delete check (If-Match), and x-amz-bypass-governance-retention. */
export interface DeleteOptions {
  versionId?: string;
  precondition?: WritePrecondition;
  bypassGovernanceRequested?: boolean;
  /** The lifecycle pass expires it: notified as `LifecycleExpiration:*`, not `ObjectRemoved:*` (as on S3). */
  lifecycle?: boolean;
}

/**
 * DeleteObject, idempotent. Unversioned: the record and its blob go. Versioned: a delete marker on top
 * (version id `null` when suspended). With a version id: that version (or marker) is deleted for good.
 */
export async function deleteObject(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  key: string,
  options: DeleteOptions = {},
): Promise<DeleteOutcome> {
  const bucket = await bucketFor(deps, principal, name, 'DeleteObject', key, options.versionId);
  return deleteFromBucket(deps, principal, bucket, key, options);
}

/** DeleteObject on a bucket already read and authorized (DeleteObjects reads and checks it once for every key). */
export async function deleteFromBucket(
  deps: StorageDeps,
  principal: Principal,
  target: BucketRecord,
  key: string,
  { versionId, precondition, bypassGovernanceRequested = false, lifecycle = false }: DeleteOptions = {},
): Promise<DeleteOutcome> {
  let bucket = target;
  const name = bucket.name;
  const principalId = ownerOf(principal).id;
  const removal = { event: lifecycle ? 'LifecycleExpiration:Delete' : 'ObjectRemoved:Delete', principalId } as const;
  // `null` names the one object of a bucket that never had versioning.
  if (versionId !== undefined && (versionId !== 'null' || bucket.versioning)) {
    const bypass = governanceBypassed(principal, bucket, bypassGovernanceRequested);
    const removed = await removeVersion(deps, bucket, key, versionId, precondition, bypass, removal);
    return removed ? { versionId: removed.versionId, deleteMarker: removed.deleteMarker || undefined } : { versionId };
  }
  if (!bucket.versioning) {
    const outbox = deps.changeOutbox?.(bucket, { ...removal, key, orderMs: deps.now().getTime() }) ?? [];
    const removed = await removeUnversioned(deps, name, key, precondition, outbox);
    if (removed !== 'versioned') {
      if (removed) await removeObjectBlobs(deps, removed);
      return {};
    }
    // Versioning was enabled while this request ran.
    bucket = (await deps.buckets.get(name)) ?? missing(name);
  }
  return addDeleteMarker(deps, principal, bucket, key, precondition, lifecycle);
}

/** The unversioned delete; a conditional one removes the record only if it is still the one the condition was checked on. */
async function removeUnversioned(
  deps: StorageDeps,
  name: string,
  key: string,
  precondition: WritePrecondition | undefined,
  outbox: readonly Record<string, unknown>[],
): Promise<ObjectRecord | undefined | 'versioned'> {
  if (!precondition) return (await deps.objects.remove(name, key, undefined, outbox)) as ObjectRecord | undefined | 'versioned';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await deps.objects.get(name, key);
    precondition(current);
    if (!current) return undefined;
    const removed = await deps.objects.remove(name, key, current.blobId, outbox);
    if (removed !== 'conflict') return removed;
  }
  throw new StorageError('SlowDown');
}

async function addDeleteMarker(
  deps: StorageDeps,
  principal: Principal,
  bucket: BucketRecord,
  key: string,
  precondition: WritePrecondition | undefined,
  lifecycle: boolean,
): Promise<DeleteOutcome> {
  // A conditional delete of a key that has no version at all deletes nothing and writes no marker (RGW: -ENOENT is
  // no error). Had a version appeared since this read, the delete simply came first.
  if (precondition && !(await deps.versions.head(bucket.name, key)) && !(await deps.objects.get(bucket.name, key))) {
    return {};
  }
  const owner = ownerOf(principal);
  const marker = await addVersion(
    deps,
    bucket,
    {
      bucket: bucket.name,
      key,
      blobId: '',
      size: 0,
      etag: '',
      lastModified: deps.now().toISOString(),
      ownerId: owner.id,
      ownerDisplayName: owner.displayName,
      contentHeaders: {},
      userMetadata: {},
      versionId: '',
      deleteMarker: true,
    },
    precondition,
    { event: lifecycle ? 'LifecycleExpiration:DeleteMarkerCreated' : 'ObjectRemoved:DeleteMarkerCreated', principalId: owner.id },
  );
  return { versionId: marker.versionId, deleteMarker: true };
}

const missing = (name: string): never => {
  throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
};
