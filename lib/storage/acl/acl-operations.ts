import { bucketFor, existingBucket } from '../access/bucket-access';
import { authorizedObject } from '../access/object-access';
import { updateObjectSettings } from '../access/object-settings';
import type { AccessControlled, Grant, Owner } from '../model/access-control';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { assertAclsEnabled } from '../model/object-ownership';
import type { ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import { assertNoPublicAcl } from '../model/public-access-block';
import type { StorageDeps } from '../store/storage-deps';
import { parseAccessControlPolicy } from '../xml/access-control-policy';
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
  assertAclsEnabled(bucket);
  const acl = await requestedAcl(deps, change, bucket, bucket);
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
  await updateObjectSettings(deps, principal, bucket, { key, versionId, action: 'PutObjectAcl' }, async (record) => {
    assertAclsEnabled(bucket);
    return { acl: await requestedAcl(deps, change, record, bucket) };
  });
}

/**
 * The ACL a PUT ?acl asks for: a canned ACL or grant headers, or an AccessControlPolicy body, never
 * both (UnexpectedContent) and never neither (MissingSecurityHeader). The body must name the resource's owner.
 * A public ACL on a bucket that blocks them is refused.
 */
async function requestedAcl(
  deps: StorageDeps,
  change: AclChange,
  resource: AccessControlled,
  bucket: BucketRecord,
): Promise<Grant[]> {
  const acl = await aclOfChange(deps, change, resource, ownerOfResource(bucket));
  assertNoPublicAcl(bucket, acl);
  return acl;
}

async function aclOfChange(
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
