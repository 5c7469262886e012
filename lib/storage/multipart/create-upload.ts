import { ownerOf, type Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import { encryptionForWrite } from '../encryption/object-keys';
import { StorageError } from '../errors';
import { requestedObjectLock } from '../object-lock/lock-request-headers';
import { lockField } from '../object-lock/object-lock';
import { requestedMetadata } from '../objects/object-headers';
import { assertValidObjectKey } from '../objects/object-key';
import { newObjectAccess } from '../ownership/new-object-access';
import type { StorageDeps } from '../storage-deps';
import { requestedTags } from '../tagging/tagging-headers';
import type { MultipartUpload } from './multipart-upload';

/**
 * CreateMultipartUpload: needs bucket WRITE, as PutObject. The content headers, x-amz-meta-* and the ACL
 * (canned or grants) are resolved now and applied to the object at completion.
 */
export async function createMultipartUpload(
  deps: StorageDeps,
  principal: Principal,
  input: { bucket: string; key: string; headers: Readonly<Record<string, readonly string[]>> },
): Promise<MultipartUpload> {
  assertValidObjectKey(input.key);
  const bucket = await bucketFor(deps, principal, input.bucket, 'PutObject');
  const initiator = ownerOf(principal);
  const { owner, acl } = await newObjectAccess(deps, input.headers, principal, bucket);
  const tags = requestedTags(input.headers);
  // The data key is made (or the SSE-C key checked) now: every part is encrypted with it.
  const sealed = await encryptionForWrite(deps, bucket, input.headers);
  const now = deps.now();
  const upload: MultipartUpload = {
    bucket: input.bucket,
    key: input.key,
    // Time first: the uploads of one key list in initiation order, as S3 lists them.
    uploadId: `${now.getTime().toString(36).padStart(9, '0')}${deps.newBlobId().replace(/-/g, '')}`,
    initiatorId: initiator.id,
    initiatorDisplayName: initiator.displayName,
    initiated: now.toISOString(),
    lastActivity: now.toISOString(),
    ...requestedMetadata(input.headers),
    acl,
    ...(sealed ? { encryption: sealed.encryption } : {}),
    ...(owner.id === initiator.id ? {} : { owner }),
    ...(tags ? { tags } : {}),
    ...lockField(requestedObjectLock(bucket, input.headers, now)),
    state: 'open',
  };
  if ((await deps.uploads.create(upload)) === 'no-bucket') {
    throw new StorageError('NoSuchBucket', undefined, { BucketName: input.bucket });
  }
  return upload;
}
