import { createHash } from 'node:crypto';
import { aclForNewResource } from '../acl/resolve-acl';
import { ownerOf, type Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import type { ObjectChecksum } from '../checksums/object-checksum';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { requestedMetadata } from './object-headers';
import { assertValidObjectKey } from './object-key';
import type { ObjectRecord } from './object-record';
import { type Committed, commitObject } from './object-writer';
import { writeConditionsOf, writePrecondition } from './write-conditions';

export interface PutObjectInput {
  bucket: string;
  key: string;
  body: Buffer;
  headers: Readonly<Record<string, readonly string[]>>;
  /** The body's verified additional checksum, stored with the object. */
  checksum?: ObjectChecksum;
}

/** PutObject: checks, the blob first under a fresh opaque id, then the conditional metadata commit. */
export async function putObject(deps: StorageDeps, principal: Principal, input: PutObjectInput): Promise<Committed> {
  assertValidObjectKey(input.key);
  const bucket = await bucketFor(deps, principal, input.bucket, 'PutObject');
  const precondition = writePrecondition(writeConditionsOf(input.headers), input.key);
  const header = (name: string) => input.headers[name]?.join(',');
  // A `Transfer-Encoding: chunked` body declares no length: as Ceph RGW does (S3 would refuse it), its decoded length counts.
  const chunked = /\bchunked\b/i.test(header('transfer-encoding') ?? '');
  const declared =
    header('x-amz-decoded-content-length') ?? header('content-length') ?? (chunked ? String(input.body.length) : undefined);
  if (declared === undefined) throw new StorageError('MissingContentLength');
  if (!/^\d+$/.test(declared)) throw new StorageError('InvalidArgument', 'Content-Length must be a non-negative integer');
  if (Number(declared) > deps.maxObjectBytes || input.body.length > deps.maxObjectBytes) {
    throw new StorageError('EntityTooLarge', undefined, {
      ProposedSize: declared,
      MaxSizeAllowed: String(deps.maxObjectBytes),
    });
  }
  if (header('x-amz-decoded-content-length') === undefined && Number(declared) !== input.body.length) {
    throw new StorageError('IncompleteBody');
  }
  const md5 = createHash('md5').update(input.body).digest();
  const contentMd5 = header('content-md5');
  if (contentMd5 !== undefined) {
    const given = Buffer.from(contentMd5, 'base64');
    if (given.length !== 16 || given.toString('base64') !== contentMd5.trim()) throw new StorageError('InvalidDigest');
    if (!given.equals(md5)) throw new StorageError('BadDigest');
  }
  const acl = await aclForNewResource(deps.users, input.headers, ownerOf(principal), {
    id: bucket.ownerId,
    displayName: bucket.ownerDisplayName,
  });
  const record = newRecord(deps, principal, input.bucket, input.key, {
    size: input.body.length,
    etag: md5.toString('hex'),
    ...requestedMetadata(input.headers),
    acl,
    ...(input.checksum ? { checksum: input.checksum } : {}),
  });
  await deps.blobs.put(record.blobId, input.body, { bucket: record.bucket, key: record.key });
  return commitObject(deps, bucket, record, precondition);
}

/** A record for a new version of `key`, owned by the principal, pointing at a fresh blob id. */
export function newRecord(
  deps: StorageDeps,
  principal: Principal,
  bucket: string,
  key: string,
  content: Pick<ObjectRecord, 'size' | 'etag' | 'contentHeaders' | 'userMetadata' | 'acl' | 'checksum'>,
): ObjectRecord {
  const owner = ownerOf(principal);
  return {
    bucket,
    key,
    blobId: deps.newBlobId(),
    lastModified: deps.now().toISOString(),
    ownerId: owner.id,
    ownerDisplayName: owner.displayName,
    versionId: 'null',
    ...content,
  };
}
