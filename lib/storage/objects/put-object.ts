import { bucketFor } from '../access/bucket-access';
import { atRest } from '../encryption/blob-recrypt';
import type { Owner } from '../model/access-control';
import { expirationHeader } from '../model/expiration-header';
import type { ObjectChecksum } from '../model/object-checksum';
import type { ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import type { Tag } from '../model/tag-set';
import { type Committed, commitObject } from '../store/object-writer';
import type { StorageDeps } from '../store/storage-deps';
import { writeConditionsOf, writePrecondition } from '../store/write-conditions';
import { newObjectSpec } from './new-object-spec';
import { assertValidObjectKey } from './object-key';
import { verifiedBodyMd5 } from './request-body';

export interface PutObjectInput {
  bucket: string;
  key: string;
  body: Buffer;
  headers: Readonly<Record<string, readonly string[]>>;
  /** The body's verified additional checksum, stored with the object. */
  checksum?: ObjectChecksum;
  /** The tags, when they come from elsewhere than `x-amz-tagging` (POST Object's `tagging` field). */
  tags?: Tag[];
  /** POST Object (a browser form) stands for this PUT: notified as `ObjectCreated:Post`. */
  viaPostForm?: boolean;
}

/** PutObject: checks, the blob first under a fresh opaque id, then the conditional metadata commit. */
export async function putObject(
  deps: StorageDeps,
  principal: Principal,
  input: PutObjectInput,
): Promise<Committed & { expiration: Record<string, string> }> {
  assertValidObjectKey(input.key);
  const bucket = await bucketFor(deps, principal, input.bucket, 'PutObject', input.key);
  const precondition = writePrecondition(writeConditionsOf(input.headers), input.key);
  const md5 = verifiedBodyMd5(deps.maxObjectBytes, input.headers, input.body);
  const spec = await newObjectSpec(deps, principal, bucket, input.headers, input.tags);
  const record = newRecord(deps, spec.owner, input.bucket, input.key, {
    size: input.body.length,
    etag: md5.toString('hex'),
    ...spec.fields,
    ...(input.checksum ? { checksum: input.checksum } : {}),
  });
  await deps.blobs.put(record.blobId, atRest(spec.cipher, record.blobId, input.body), {
    bucket: record.bucket,
    key: record.key,
  });
  const event = input.viaPostForm ? 'ObjectCreated:Post' : 'ObjectCreated:Put';
  const committed = await commitObject(deps, bucket, record, precondition, true, event);
  return { ...committed, expiration: expirationHeader(bucket.lifecycle, committed.record) };
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
