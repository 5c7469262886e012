import type { MultipartUpload } from '../model/multipart-upload';
import type { Principal } from '../model/principal';
import { removeBlob } from '../store/remove-blob';
import type { StorageDeps } from '../store/storage-deps';
import { noSuchUpload, uploadFor } from './upload-access';

/** AbortMultipartUpload: the upload goes first (so no part can be added any more), then its parts and their blobs. */
export async function abortMultipartUpload(
  deps: StorageDeps,
  principal: Principal,
  target: { bucket: string; key: string; uploadId: string },
): Promise<void> {
  const { upload } = await uploadFor(deps, principal, target, 'AbortMultipartUpload');
  if (!(await abortUpload(deps, upload))) throw noSuchUpload(upload.uploadId);
}

/**
 * Aborts an open upload (AbortMultipartUpload, a lifecycle rule's AbortIncompleteMultipartUpload): the upload goes
 * first, so no part can be added any more, then its parts and their blobs. False when it is gone or being completed (a
 * completion in progress owns the parts).
 */
export async function abortUpload(deps: Pick<StorageDeps, 'uploads' | 'blobs'>, upload: MultipartUpload): Promise<boolean> {
  if (!(await deps.uploads.remove(upload, 'open'))) return false;
  await discardParts(deps, upload, new Set());
  return true;
}

/** Removes the part records of an upload already removed, and their blobs except those in `keep` (a committed manifest's). */
export async function discardParts(
  deps: Pick<StorageDeps, 'uploads' | 'blobs'>,
  upload: MultipartUpload,
  keep: ReadonlySet<string>,
): Promise<void> {
  const parts = await deps.uploads.allParts(upload.uploadId);
  await deps.uploads.removeParts(
    upload.uploadId,
    parts.map((part) => part.partNumber),
  );
  await Promise.all(parts.filter((part) => !keep.has(part.blobId)).map((part) => removeBlob(deps, part.blobId)));
}
