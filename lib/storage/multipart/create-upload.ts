import { bucketFor } from '../access/bucket-access';
import { requestedChecksumAlgorithm } from '../checksums/request-checksum';
import { uploadChecksumOf } from '../model/checksum-type';
import { StorageError } from '../model/errors';
import type { MultipartUpload } from '../model/multipart-upload';
import { ownerOf, type Principal } from '../model/principal';
import { newObjectSpec } from '../objects/new-object-spec';
import { assertValidObjectKey } from '../objects/object-key';
import type { StorageDeps } from '../store/storage-deps';

/**
 * CreateMultipartUpload: needs bucket WRITE, as PutObject. The content headers, x-amz-meta-* and the ACL
 * (canned or grants) are resolved now and applied to the object at completion, and so is the checksum algorithm and type
 * (checksum-type.ts): every part then carries a checksum, and the object gets the one its parts make.
 */
export async function createMultipartUpload(
  deps: StorageDeps,
  principal: Principal,
  input: { bucket: string; key: string; headers: Readonly<Record<string, readonly string[]>> },
): Promise<MultipartUpload> {
  assertValidObjectKey(input.key);
  const bucket = await bucketFor(deps, principal, input.bucket, 'PutObject', input.key);
  const initiator = ownerOf(principal);
  // The data key is made (or the SSE-C key checked) now: every part is encrypted with it.
  const { owner, fields } = await newObjectSpec(deps, principal, bucket, input.headers);
  const checksum = uploadChecksumOf(
    requestedChecksumAlgorithm(input.headers)?.toUpperCase(),
    input.headers['x-amz-checksum-type']?.join(','),
  );
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
    ...fields,
    ...(owner.id === initiator.id ? {} : { owner }),
    ...(checksum ? { checksum } : {}),
    state: 'open',
  };
  if ((await deps.uploads.create(upload)) === 'no-bucket') {
    throw new StorageError('NoSuchBucket', undefined, { BucketName: input.bucket });
  }
  return upload;
}
