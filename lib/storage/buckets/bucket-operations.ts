import { XMLValidator } from 'fast-xml-parser';
import { authorize } from '../access/authorization';
import { bucketFor } from '../access/bucket-access';
import { stopLoggingInto } from '../access-logs/stop-logging-into';
import { aclForNewResource } from '../acl/resolve-acl';
import { grantsOf, sameGrants } from '../model/access-control';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { objectLockAtCreation } from '../model/lock-request-headers';
import { assertOwnershipFitsAcl, requestedOwnership } from '../model/object-ownership';
import { ownerOf, type Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { s3XmlParser } from '../xml/xml-parser';
import { assertValidBucketName } from './bucket-name';

const xml = s3XmlParser();

/** ListBuckets: the caller's own buckets, from the owner index, by name; anonymous callers own none (RGW's answer). */
export async function listBuckets(deps: StorageDeps, principal: Principal): Promise<BucketRecord[]> {
  if (principal.kind !== 'user') return [];
  return (await deps.buckets.listByOwner(principal.user.id)).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * CreateBucket, with the optional CreateBucketConfiguration body (LocationConstraint). One transaction decides
 * races: the name, and the owner's bucket limit (TooManyBuckets, RGW's rgw_user_max_buckets) on its counter; a
 * re-create never writes.
 */
export async function createBucket(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  body: Buffer,
  headers: Readonly<Record<string, readonly string[]>>,
): Promise<BucketRecord> {
  authorize(principal, 'CreateBucket');
  if (principal.kind !== 'user') throw new StorageError('AccessDenied');
  assertValidBucketName(name);
  const location = parseLocationConstraint(body);
  const acl = await aclForNewResource(deps.users, headers, ownerOf(principal));
  const ownership = requestedOwnership(headers);
  assertOwnershipFitsAcl(ownership, acl, ownerOf(principal));
  const bucket: BucketRecord = {
    name,
    ownerId: principal.user.id,
    ownerDisplayName: principal.user.displayName,
    createdAt: deps.now().toISOString(),
    location,
    acl,
    ...(ownership ? { ownership } : {}),
    ...objectLockAtCreation(headers),
  };
  const result = await deps.buckets.create(bucket, deps.maxBucketsPerUser);
  if (result.created) return bucket;
  if ('tooMany' in result) throw new StorageError('TooManyBuckets');
  // As us-east-1 and RGW do: re-creating your own bucket with the ACL it has is a success that changes
  // nothing; another ACL (or another owner) is refused, so the existing bucket is never silently kept as it is.
  const { existing } = result;
  if (existing.ownerId === principal.user.id && sameGrants(grantsOf(existing), acl)) return existing;
  throw new StorageError('BucketAlreadyExists', undefined, { BucketName: name });
}

export async function deleteBucket(deps: StorageDeps, principal: Principal, name: string): Promise<void> {
  await bucketFor(deps, principal, name, 'DeleteBucket');
  const outcome = await deps.buckets.deleteIfEmpty(name);
  if (outcome === 'not-empty') throw new StorageError('BucketNotEmpty', undefined, { BucketName: name });
  if (outcome === 'missing') throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
  await stopLoggingInto(deps, name);
}

function parseLocationConstraint(body: Buffer): string {
  const text = body.toString('utf8').trim();
  if (text === '') return '';
  if (XMLValidator.validate(text) !== true) throw new StorageError('MalformedXML');
  const document = xml.parse(text) as { CreateBucketConfiguration?: { LocationConstraint?: unknown } | string };
  const configuration = document.CreateBucketConfiguration;
  if (configuration === undefined) throw new StorageError('MalformedXML');
  const location = typeof configuration === 'object' ? configuration.LocationConstraint : undefined;
  if (location !== undefined && typeof location !== 'string') throw new StorageError('MalformedXML');
  return location === 'us-east-1' ? '' : (location ?? '');
}
