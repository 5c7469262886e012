import { bucketFor } from '../access/bucket-access';
import { type ListPage, listIndexPage } from '../listing/list-objects';
import { StorageError } from '../model/errors';
import { type MultipartUpload, type UploadedPart, uploadCursor } from '../model/multipart-upload';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import type { UploadListParams } from './multipart-documents';
import { uploadFor } from './upload-access';

/** Above every upload id ([0-9a-z]): resuming here skips all the uploads of a key. */
const PAST_UPLOADS = '~';

/** max-parts / max-uploads / part-number-marker: non-negative integers (InvalidArgument otherwise). */
export function listingNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) {
    throw new StorageError('InvalidArgument', `Provided ${name} not an integer or within integer range`, {
      ArgumentName: name,
      ArgumentValue: raw,
    });
  }
  return Number(raw);
}

/** ListParts: one page (at most `maxParts`, the caller caps it) of an upload's parts in part-number order, for its initiator or the bucket owner. */
export async function listParts(
  deps: StorageDeps,
  principal: Principal,
  target: { bucket: string; key: string; uploadId: string; maxParts: number; marker: number },
): Promise<{ upload: MultipartUpload; parts: UploadedPart[]; isTruncated: boolean }> {
  const { upload } = await uploadFor(deps, principal, target, 'ListMultipartUploadParts');
  const { maxParts } = target;
  if (maxParts === 0) return { upload, parts: [], isTruncated: false };
  const page = await deps.uploads.parts(upload.uploadId, target.marker, maxParts + 1);
  return { upload, parts: page.items.slice(0, maxParts), isTruncated: page.items.length > maxParts || page.more };
}

/**
 * ListMultipartUploads (bucket READ): uploads in progress in (key, initiation) order, with the same
 * prefix/delimiter roll-up as ListObjects. key-marker alone skips that key's uploads; with
 * upload-id-marker, that key's later uploads follow.
 */
export async function listMultipartUploads(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  params: UploadListParams,
): Promise<ListPage<MultipartUpload> & { nextKeyMarker?: string; nextUploadIdMarker?: string }> {
  const bucket = await bucketFor(deps, principal, name, 'ListBucketMultipartUploads');
  const { keyMarker, uploadIdMarker } = params;
  const after = keyMarker === undefined ? undefined : uploadCursor(keyMarker, uploadIdMarker ?? PAST_UPLOADS);
  const page = await listIndexPage(
    (range, limit) => deps.uploads.page(bucket.name, range, limit),
    (upload) => uploadCursor(upload.key, upload.uploadId),
    {
      prefix: params.prefix,
      delimiter: params.delimiter,
      maxKeys: params.maxUploads,
      after,
      afterKey: keyMarker,
    },
  );
  const last = page.contents.at(-1);
  return {
    ...page,
    ...(page.isTruncated ? { nextKeyMarker: page.next } : {}),
    ...(page.isTruncated && last !== undefined && page.next === last.key ? { nextUploadIdMarker: last.uploadId } : {}),
  };
}
