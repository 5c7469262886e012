import { aclForNewResource } from '../acl/resolve-acl';
import { ownerOf, type Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import type { ObjectChecksum } from '../checksums/object-checksum';
import { atRest } from '../encryption/blob-recrypt';
import { encryptionForWrite } from '../encryption/object-keys';
import { requestedObjectLock } from '../object-lock/lock-request-headers';
import { lockField } from '../object-lock/object-lock';
import type { StorageDeps } from '../storage-deps';
import { requestedMetadata } from './object-headers';
import { assertValidObjectKey } from './object-key';
import type { ObjectRecord } from './object-record';
import { type Committed, commitObject } from './object-writer';
import { verifiedBodyMd5 } from './request-body';
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
  const md5 = verifiedBodyMd5(deps.maxObjectBytes, input.headers, input.body);
  const acl = await aclForNewResource(deps.users, input.headers, ownerOf(principal), {
    id: bucket.ownerId,
    displayName: bucket.ownerDisplayName,
  });
  const sealed = await encryptionForWrite(deps, bucket, input.headers);
  const record = newRecord(deps, principal, input.bucket, input.key, {
    size: input.body.length,
    etag: md5.toString('hex'),
    ...requestedMetadata(input.headers),
    acl,
    ...(input.checksum ? { checksum: input.checksum } : {}),
    ...(sealed ? { encryption: sealed.encryption } : {}),
    ...lockField(requestedObjectLock(bucket, input.headers, deps.now())),
  });
  await deps.blobs.put(record.blobId, atRest(sealed?.cipher, record.blobId, input.body), {
    bucket: record.bucket,
    key: record.key,
  });
  return commitObject(deps, bucket, record, precondition);
}

/** A record for a new version of `key`, owned by the principal, pointing at a fresh blob id. */
export function newRecord(
  deps: StorageDeps,
  principal: Principal,
  bucket: string,
  key: string,
  content: Pick<ObjectRecord, 'size' | 'etag' | 'contentHeaders' | 'userMetadata' | 'acl' | 'checksum' | 'encryption' | 'lock'>,
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
