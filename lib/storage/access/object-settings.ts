import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { ObjectRecord, ObjectSettings } from '../model/object-record';
import type { ObjectVersion } from '../model/object-version';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import type { StorageAction } from './authorization';
import { authorizedObject } from './object-access';

type SettingsAction = Extract<StorageAction, 'PutObjectAcl' | 'PutObjectTagging' | 'DeleteObjectTagging'>;

/**
 * Changes settings (ACL, tags) of the object or version a request names, after `action`'s check on it. `change`
 * computes them from the record as read; a record replaced meanwhile is read again, so settings meant for one
 * object never land on the object that replaced it. Returns the record the settings went to.
 */
export async function updateObjectSettings(
  deps: StorageDeps,
  principal: Principal,
  bucket: BucketRecord,
  target: { key: string; versionId?: string; action: SettingsAction },
  change: (record: ObjectRecord | ObjectVersion) => Promise<ObjectSettings>,
): Promise<ObjectRecord | ObjectVersion> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await authorizedObject(deps, principal, bucket, target.key, target.action, target.versionId);
    if (await storeObjectSettings(deps, bucket, record, await change(record))) return record;
  }
  throw new StorageError('SlowDown');
}

/**
 * Conditional on the blob (unversioned) or the version (versioned). The latest version's settings are kept on the
 * current item as well.
 */
async function storeObjectSettings(
  deps: StorageDeps,
  bucket: BucketRecord,
  record: ObjectRecord | ObjectVersion,
  settings: ObjectSettings,
): Promise<boolean> {
  const head = bucket.versioning ? await deps.versions.head(bucket.name, record.key) : undefined;
  if (!head) return deps.objects.putSettings(bucket.name, record.key, record.blobId, settings);
  const version = 'seq' in record ? record : await deps.versions.get(bucket.name, record.key, head.latestSeq);
  return version !== undefined && (await deps.versions.putSettings(version, settings, version.seq === head.latestSeq));
}
