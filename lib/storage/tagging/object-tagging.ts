import { existingBucket } from '../access/bucket-access';
import { authorizedObject } from '../access/object-access';
import { updateObjectSettings } from '../access/object-settings';
import type { ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import { OBJECT_TAG_LIMIT, validTagSet } from '../model/tag-set';
import type { StorageDeps } from '../store/storage-deps';
import { parseTagging } from './tagging-documents';

export interface TaggingTarget {
  bucket: string;
  key: string;
  versionId?: string;
}

/** What a tagging operation reports: the version it acted on (x-amz-version-id in versioned buckets) and its tags. */
export interface TaggedObject {
  record: ObjectRecord;
  versioned: boolean;
}

/** GetObjectTagging: READ on the object, as RGW checks it. An object without tags has an empty tag set. */
export async function getObjectTagging(deps: StorageDeps, principal: Principal, target: TaggingTarget): Promise<TaggedObject> {
  const bucket = await existingBucket(deps, target.bucket);
  const record = await authorizedObject(deps, principal, bucket, target.key, 'GetObjectTagging', target.versionId);
  return { record, versioned: bucket.versioning !== undefined };
}

/** PutObjectTagging: replaces the tag set of the object or version (at most 10 tags). */
export async function putObjectTagging(
  deps: StorageDeps,
  principal: Principal,
  target: TaggingTarget,
  body: Buffer,
): Promise<TaggedObject> {
  const tags = validTagSet(parseTagging(body.toString('utf8')), OBJECT_TAG_LIMIT);
  return setObjectTags(deps, principal, target, 'PutObjectTagging', tags);
}

export async function deleteObjectTagging(deps: StorageDeps, principal: Principal, target: TaggingTarget): Promise<TaggedObject> {
  return setObjectTags(deps, principal, target, 'DeleteObjectTagging', []);
}

async function setObjectTags(
  deps: StorageDeps,
  principal: Principal,
  target: TaggingTarget,
  action: 'PutObjectTagging' | 'DeleteObjectTagging',
  tags: ObjectRecord['tags'],
): Promise<TaggedObject> {
  const bucket = await existingBucket(deps, target.bucket);
  const record = await updateObjectSettings(deps, principal, bucket, { ...target, action }, async () => ({ tags }));
  return { record: { ...record, tags }, versioned: bucket.versioning !== undefined };
}
