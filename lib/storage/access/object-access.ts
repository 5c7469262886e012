import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { ObjectRecord } from '../model/object-record';
import type { ObjectVersion } from '../model/object-version';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { deleteMarkerHeaders, findVersion, latestDeleteMarker } from '../store/version-lookup';
import { authorize, isAllowed, type StorageAction } from './authorization';

/**
 * The object (or the version of it) a request acts on, after the ACL check on the object itself. A
 * missing key is NoSuchKey only to those who may list the bucket; others get AccessDenied, as S3
 * answers, so keys cannot be probed. A delete marker is a 404 with its headers, or a 405 when asked by version id.
 */
export async function authorizedObject(
  deps: StorageDeps,
  principal: Principal,
  bucket: BucketRecord,
  key: string,
  action: Extract<
    StorageAction,
    | 'GetObject'
    | 'GetObjectAcl'
    | 'PutObjectAcl'
    | 'GetObjectTorrent'
    | 'GetObjectTagging'
    | 'PutObjectTagging'
    | 'DeleteObjectTagging'
    | 'GetObjectRetention'
    | 'PutObjectRetention'
    | 'GetObjectLegalHold'
    | 'PutObjectLegalHold'
  >,
  versionId?: string,
): Promise<ObjectRecord | ObjectVersion> {
  const record =
    versionId === undefined ? await deps.objects.get(bucket.name, key) : await findVersion(deps, bucket, key, versionId);
  if (!record) {
    // May the caller know the key is missing? A policy's `s3:prefix` condition judges the key itself, as on RGW.
    if (!isAllowed(principal, 'ListBucket', { bucket, conditionOverrides: { 's3:prefix': key } })) {
      throw new StorageError('AccessDenied');
    }
    if (versionId !== undefined) throw new StorageError('NoSuchVersion', undefined, { Key: key, VersionId: versionId });
    const marker = await latestDeleteMarker(deps, bucket, key);
    // RGW says `x-amz-delete-marker: false` on a 404 that no marker caused, so clients can tell the two apart.
    const headers = marker ? deleteMarkerHeaders(marker) : { 'x-amz-delete-marker': 'false' };
    throw new StorageError('NoSuchKey', undefined, { Key: key }, headers);
  }
  if ('deleteMarker' in record && record.deleteMarker) {
    throw new StorageError(
      'MethodNotAllowed',
      undefined,
      { Method: action, ResourceType: 'DeleteMarker' },
      deleteMarkerHeaders(record),
    );
  }
  // A named version is checked as the version's action (s3:GetObjectVersion), however the request named it.
  authorize(principal, action, { bucket, object: record, ...(versionId === undefined ? {} : { versionId }) });
  return record;
}
