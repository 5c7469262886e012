import type { Principal } from '../auth/principal';
import type { StorageAction } from '../authorization';
import type { BucketRecord } from '../buckets/bucket';
import { bucketFor } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import type { MultipartUpload } from './multipart-upload';

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
