import type { Principal } from '../auth/principal';
import { removeBlob } from '../objects/remove-blob';
import type { StorageDeps } from '../storage-deps';
import type { MultipartUpload } from './multipart-upload';
import { noSuchUpload, uploadFor } from './upload-access';

/** AbortMultipartUpload: the upload goes first (so no part can be added any more), then its parts and their blobs. */
export async function abortMultipartUpload(
  deps: StorageDeps,
  principal: Principal,
  target: { bucket: string; key: string; uploadId: string },
): Promise<void> {
  const { upload } = await uploadFor(deps, principal, target);
  // A completion in progress owns the parts.
  if (!(await deps.uploads.remove(upload, 'open'))) throw noSuchUpload(upload.uploadId);
  await discardParts(deps, upload, new Set());
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
