import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Principal } from '../auth/principal';
import { authorize } from '../authorization';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import type { BucketRecord } from './bucket';
import { assertValidBucketName } from './bucket-name';

const xml = new XMLParser({ removeNSPrefix: true, parseTagValue: false });

/** ListBuckets: the caller's own buckets, from the owner index. */
export async function listBuckets(deps: StorageDeps, principal: Principal): Promise<BucketRecord[]> {
  authorize(principal, 'ListAllMyBuckets');
  if (principal.kind !== 'user') return [];
  return (await deps.buckets.listByOwner(principal.user.id)).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** CreateBucket, with the optional CreateBucketConfiguration body (LocationConstraint). One conditional write decides races. */
export async function createBucket(deps: StorageDeps, principal: Principal, name: string, body: Buffer): Promise<BucketRecord> {
  authorize(principal, 'CreateBucket');
  if (principal.kind !== 'user') throw new StorageError('AccessDenied');
  assertValidBucketName(name);
  const bucket: BucketRecord = {
    name,
    ownerId: principal.user.id,
    ownerDisplayName: principal.user.displayName,
    createdAt: deps.now().toISOString(),
    location: parseLocationConstraint(body),
  };
  const result = await deps.buckets.create(bucket);
  if (result.created) return bucket;
  throw new StorageError(
    result.existing.ownerId === principal.user.id ? 'BucketAlreadyOwnedByYou' : 'BucketAlreadyExists',
    undefined,
    {
      BucketName: name,
    },
  );
}

/** The bucket, after checking that the principal may do `action` on it (NoSuchBucket first, as S3 answers). */
export async function bucketFor(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  action: Parameters<typeof authorize>[1],
): Promise<BucketRecord> {
  const bucket = await deps.buckets.get(name);
  if (!bucket) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
  authorize(principal, action, bucket);
  return bucket;
}

export async function deleteBucket(deps: StorageDeps, principal: Principal, name: string): Promise<void> {
  await bucketFor(deps, principal, name, 'DeleteBucket');
  const outcome = await deps.buckets.deleteIfEmpty(name);
  if (outcome === 'not-empty') throw new StorageError('BucketNotEmpty', undefined, { BucketName: name });
  if (outcome === 'missing') throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
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
