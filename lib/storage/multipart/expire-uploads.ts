import type { UploadCatalog } from '../model/multipart-upload';
import { blobIdsOf, type ObjectCatalog } from '../model/object-record';
import type { VersionCatalog } from '../model/object-version';
import type { StorageDeps } from '../store/storage-deps';
import { discardParts } from './abort-upload';

/** S3's lifecycle rule AbortIncompleteMultipartUpload, applied to every bucket: uploads idle this long are aborted. */
export const DEFAULT_UPLOAD_EXPIRY_DAYS = 7;

/**
 * Aborts uploads idle since before `idleSince` (no part written since). An upload left 'completing' by a
 * completion that died after its commit keeps the part blobs its object's manifest points at.
 */
export async function expireIdleUploads(
  deps: Pick<StorageDeps, 'blobs'> & {
    uploads: UploadCatalog;
    objects: Pick<ObjectCatalog, 'get'>;
    versions: Pick<VersionCatalog, 'blobIds'>;
  },
  options: { idleSince: Date },
): Promise<number> {
  let expired = 0;
  for (const upload of await deps.uploads.idleSince(options.idleSince.toISOString())) {
    if (!(await deps.uploads.remove(upload))) continue;
    const current = await deps.objects.get(upload.bucket, upload.key);
    const referenced = [...(current ? blobIdsOf(current) : []), ...(await deps.versions.blobIds(upload.bucket, upload.key))];
    await discardParts(deps, upload, new Set(referenced));
    expired++;
  }
  return expired;
}
