import { encryptionForWrite } from '../encryption/object-keys';
import type { Grant, Owner } from '../model/access-control';
import type { BlobCipher } from '../model/blob-cipher';
import type { BucketRecord } from '../model/bucket';
import { requestedObjectLock } from '../model/lock-request-headers';
import { lockField } from '../model/object-lock';
import type { ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import type { Tag } from '../model/tag-set';
import { requestedTags } from '../model/tagging-headers';
import { newObjectAccess } from '../ownership/new-object-access';
import type { StorageDeps } from '../store/storage-deps';
import { requestedMetadata } from './object-headers';

type Headers = Readonly<Record<string, readonly string[]>>;

/** Who may see a new object and how its bytes are kept: its ACL, encryption and lock. */
export type ObjectProtection = Pick<ObjectRecord, 'encryption' | 'lock'> & { acl: Grant[] };
/** How a new object is described: content headers, user metadata and tags. */
export type ObjectDescription = Pick<ObjectRecord, 'contentHeaders' | 'userMetadata' | 'tags'>;

/** What a request asks of the object it writes: its owner, its record fields and the cipher its blobs are written with. */
export interface NewObjectSpec<Fields = ObjectProtection & ObjectDescription> {
  owner: Owner;
  fields: Fields;
  cipher?: BlobCipher;
}

/**
 * The one place every write path (PutObject, POST Object, CreateMultipartUpload; CopyObject through
 * `copiedObjectSpec`; CompleteMultipartUpload applies what its upload kept) turns a request into a new object's owner,
 * ACL, metadata, tags, encryption and lock. Every refusal (an ACL the bucket's ownership or public access block
 * forbids, metadata over 2 KB, bad tags, an unknown KMS key, an invalid lock) happens here, before any blob is written.
 * `tagsGiven` are given when they come from elsewhere than `x-amz-tagging` (POST Object's `tagging` field).
 */
export async function newObjectSpec(
  deps: StorageDeps,
  principal: Principal,
  bucket: BucketRecord,
  headers: Headers,
  tagsGiven?: Tag[],
): Promise<NewObjectSpec> {
  const spec = await copiedObjectSpec(deps, principal, bucket, headers);
  const tags = tagsGiven ?? requestedTags(headers);
  return { ...spec, fields: { ...requestedMetadata(headers), ...(tags ? { tags } : {}), ...spec.fields } };
}

/**
 * A copy's spec: the request decides its protection (the copy gets the request's ACL, encryption and lock, or the
 * target bucket's defaults, never the source's); its description comes from the source unless the directives say
 * REPLACE, which the copy reads itself.
 */
export async function copiedObjectSpec(
  deps: StorageDeps,
  principal: Principal,
  bucket: BucketRecord,
  headers: Headers,
): Promise<NewObjectSpec<ObjectProtection>> {
  const { owner, acl } = await newObjectAccess(deps, headers, principal, bucket);
  const sealed = await encryptionForWrite(deps, bucket, headers);
  const lock = lockField(requestedObjectLock(bucket, headers, deps.now()));
  return {
    owner,
    fields: { acl, ...(sealed ? { encryption: sealed.encryption } : {}), ...lock },
    ...(sealed ? { cipher: sealed.cipher } : {}),
  };
}
