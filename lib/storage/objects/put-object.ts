import type { Owner } from '../acl/access-control';
import type { Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import type { ObjectChecksum } from '../checksums/object-checksum';
import { atRest } from '../encryption/blob-recrypt';
import { encryptionForWrite } from '../encryption/object-keys';
import { requestedObjectLock } from '../object-lock/lock-request-headers';
import { lockField } from '../object-lock/object-lock';
import { newObjectAccess } from '../ownership/new-object-access';
import type { StorageDeps } from '../storage-deps';
import type { Tag } from '../tagging/tag-set';
import { requestedTags } from '../tagging/tagging-headers';
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
  /** The tags, when they come from elsewhere than `x-amz-tagging` (POST Object's `tagging` field). */
  tags?: Tag[];
}

/** PutObject: checks, the blob first under a fresh opaque id, then the conditional metadata commit. */
export async function putObject(deps: StorageDeps, principal: Principal, input: PutObjectInput): Promise<Committed> {
  assertValidObjectKey(input.key);
  const bucket = await bucketFor(deps, principal, input.bucket, 'PutObject');
  const precondition = writePrecondition(writeConditionsOf(input.headers), input.key);
  const md5 = verifiedBodyMd5(deps.maxObjectBytes, input.headers, input.body);
  const { owner, acl } = await newObjectAccess(deps, input.headers, principal, bucket);
  const tags = input.tags ?? requestedTags(input.headers);
  const sealed = await encryptionForWrite(deps, bucket, input.headers);
  const record = newRecord(deps, owner, input.bucket, input.key, {
    size: input.body.length,
    etag: md5.toString('hex'),
    ...requestedMetadata(input.headers),
    acl,
    ...(tags ? { tags } : {}),
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

/** A record for a new version of `key`, owned by `owner`, pointing at a fresh blob id. */
export function newRecord(
  deps: StorageDeps,
  owner: Owner,
  bucket: string,
  key: string,
  content: Pick<
    ObjectRecord,
    'size' | 'etag' | 'contentHeaders' | 'userMetadata' | 'acl' | 'checksum' | 'encryption' | 'tags' | 'lock'
  >,
): ObjectRecord {
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
