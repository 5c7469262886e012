import type { StorageAction } from '../access/authorization';
import { bucketFor } from '../access/bucket-access';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { MultipartUpload } from '../model/multipart-upload';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';

/**
 * The upload a part, complete, abort or list-parts request names, for those allowed to touch it: bucket
 * WRITE (as PutObject), and then only its initiator or the bucket owner. Unknown, aborted or completed: NoSuchUpload.
 */
export async function uploadFor(
  deps: StorageDeps,
  principal: Principal,
  target: { bucket: string; key: string; uploadId: string },
  /** UploadPart and Complete are PutObject; Abort and ListParts have their own IAM actions (a policy may deny them). */
  action: Extract<StorageAction, 'PutObject' | 'AbortMultipartUpload' | 'ListMultipartUploadParts'> = 'PutObject',
): Promise<{ bucket: BucketRecord; upload: MultipartUpload }> {
  const bucket = await bucketFor(deps, principal, target.bucket, action, target.key);
  const upload = await deps.uploads.get(target.bucket, target.key, target.uploadId);
  if (!upload) throw noSuchUpload(target.uploadId);
  const caller = principal.kind === 'user' ? principal.user.id : undefined;
  if (caller !== upload.initiatorId && caller !== bucket.ownerId) throw new StorageError('AccessDenied');
  return { bucket, upload };
}

export const noSuchUpload = (uploadId: string) => new StorageError('NoSuchUpload', undefined, { UploadId: uploadId });
