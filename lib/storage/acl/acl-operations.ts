import type { Principal } from '../auth/principal';
import type { BucketRecord } from '../buckets/bucket';
import { bucketFor, existingBucket } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import { authorizedObject } from '../objects/object-access';
import type { ObjectRecord } from '../objects/object-record';
import type { StorageDeps } from '../storage-deps';
import type { ObjectVersion } from '../versions/object-version';
import { parseAccessControlPolicy } from '../xml/access-control-policy';
import type { AccessControlled, Grant, Owner } from './access-control';
import { cannedGrants } from './canned-acl';
import { aclFromHeaders } from './grant-headers';
import { resolveGrants } from './resolve-acl';

type Headers = Readonly<Record<string, readonly string[]>>;

export interface AclChange {
  headers: Headers;
  body: Buffer;
}

export async function getBucketAcl(deps: StorageDeps, principal: Principal, name: string): Promise<BucketRecord> {
  return bucketFor(deps, principal, name, 'GetBucketAcl');
}

export async function putBucketAcl(deps: StorageDeps, principal: Principal, name: string, change: AclChange): Promise<void> {
  const bucket = await bucketFor(deps, principal, name, 'PutBucketAcl');
  const acl = await requestedAcl(deps, change, bucket, ownerOfResource(bucket));
  if (!(await deps.buckets.update(name, { acl }))) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
}

export async function getObjectAcl(
  deps: StorageDeps,
  principal: Principal,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<ObjectRecord> {
  return authorizedObject(deps, principal, await existingBucket(deps, bucket), key, 'GetObjectAcl', versionId);
}

export async function putObjectAcl(
  deps: StorageDeps,
  principal: Principal,
  bucketName: string,
  key: string,
  change: AclChange,
  versionId?: string,
): Promise<void> {
  const bucket = await existingBucket(deps, bucketName);
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await authorizedObject(deps, principal, bucket, key, 'PutObjectAcl', versionId);
    const acl = await requestedAcl(deps, change, record, ownerOfResource(bucket));
    if (await storeObjectAcl(deps, bucket, record, acl)) return;
  }
  throw new StorageError('SlowDown');
}

/**
 * Conditional on the blob (unversioned) or the version (versioned): an ACL meant for one object never
 * lands on the object that replaced it. The latest version's ACL is kept on the current item as well.
 */
async function storeObjectAcl(deps: StorageDeps, bucket: BucketRecord, record: ObjectRecord | ObjectVersion, acl: Grant[]) {
  const head = bucket.versioning ? await deps.versions.head(bucket.name, record.key) : undefined;
  if (!head) return deps.objects.putAcl(bucket.name, record.key, record.blobId, acl);
  const version = 'seq' in record ? record : await deps.versions.get(bucket.name, record.key, head.latestSeq);
  return version !== undefined && (await deps.versions.putAcl(version, acl, version.seq === head.latestSeq));
}

/**
 * The ACL a PUT ?acl asks for: a canned ACL or grant headers, or an AccessControlPolicy body, never
 * both (UnexpectedContent) and never neither (MissingSecurityHeader). The body must name the resource's owner.
 */
async function requestedAcl(
  deps: StorageDeps,
  change: AclChange,
  resource: AccessControlled,
  bucketOwner: Owner,
): Promise<Grant[]> {
  const fromHeaders = aclFromHeaders(change.headers);
  const text = change.body.toString('utf8').trim();
  if (fromHeaders.kind !== 'none' && text !== '') throw new StorageError('UnexpectedContent');
  const owner = ownerOfResource(resource);
  if (fromHeaders.kind === 'canned') return cannedGrants(fromHeaders.name, owner, bucketOwner);
  if (fromHeaders.kind === 'grants') return resolveGrants(deps.users, fromHeaders.grants);
  if (text === '') throw new StorageError('MissingSecurityHeader', undefined, { MissingHeaderName: 'x-amz-acl' });
  const policy = parseAccessControlPolicy(text);
  if (policy.ownerId !== resource.ownerId) throw new StorageError('AccessDenied');
  return resolveGrants(deps.users, policy.grants);
}

const ownerOfResource = (resource: AccessControlled): Owner => ({ id: resource.ownerId, displayName: resource.ownerDisplayName });
