import { bucketFor } from '../../access/bucket-access';
import { StorageError } from '../../model/errors';
import { MAX_MANIFEST_PARTS, parsePartNumber } from '../../model/multipart-rules';
import { createMultipartUpload } from '../../multipart/create-upload';
import { assertValidObjectKey } from '../../objects/object-key';
import type { ConsoleActor } from '../console-actor';
import type { ConsoleDependencies } from '../console-dependencies';
import { presignedUrl } from '../presign/presigned-url';

/** aws-cli's part size: few requests, and well above S3's 5 MiB minimum. */
const PREFERRED_PART_BYTES = 8 * 1024 * 1024;

/**
 * The browser's part size: one part is one request, so never above the stage's single-request cap (deployed stages:
 * 4 MiB, which is also their minimum part size), else 8 MiB. A file up to one part goes in a single PUT.
 */
export function uploadPartBytes(maxObjectBytes: number): number {
  return Math.min(PREFERRED_PART_BYTES, maxObjectBytes);
}

export type UploadStart =
  | { kind: 'single'; url: string }
  | { kind: 'multipart'; uploadId: string; partBytes: number; parts: number; completeUrl: string; abortUrl: string };

export interface UploadTarget {
  host: string;
  stagePrefix: string;
}

/**
 * Starts a browser upload. Small files: a presigned PutObject. Larger: CreateMultipartUpload now (the API's own use
 * case, bucket WRITE), then presigned UploadPart, Complete and Abort URLs: the bytes go from the browser to the S3 API
 * directly, never through a console function, and every request is authorised there as the user's own.
 */
export async function startBrowserUpload(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  input: { bucket: string; key: string; size: number; contentType: string },
  where: UploadTarget,
): Promise<UploadStart> {
  assertValidObjectKey(input.key);
  const headers: Record<string, string[]> = input.contentType ? { 'content-type': [input.contentType] } : {};
  await bucketFor(deps.storage, actor.as({ headers }), input.bucket, 'PutObject', input.key);
  const partBytes = uploadPartBytes(deps.storage.maxObjectBytes);
  const sign = (method: 'PUT' | 'POST' | 'DELETE', query?: Record<string, string>) =>
    presignedUrl(
      { method, ...where, bucket: input.bucket, key: input.key, ...(query ? { query } : {}) },
      actor.credentials,
      deps.now(),
    );
  if (input.size <= partBytes) return { kind: 'single', url: sign('PUT') };
  const parts = Math.ceil(input.size / partBytes);
  if (parts > MAX_MANIFEST_PARTS) {
    throw new StorageError('EntityTooLarge', undefined, { MaxSizeAllowed: String(MAX_MANIFEST_PARTS * partBytes) });
  }
  const principal = actor.as({ headers, query: [['uploads', '']] });
  const upload = await createMultipartUpload(deps.storage, principal, { bucket: input.bucket, key: input.key, headers });
  return {
    kind: 'multipart',
    uploadId: upload.uploadId,
    partBytes,
    parts,
    completeUrl: sign('POST', { uploadId: upload.uploadId }),
    abortUrl: sign('DELETE', { uploadId: upload.uploadId }),
  };
}

/** A presigned UploadPart URL, asked for part by part (an upload of thousands of parts needs no list of thousands of URLs). */
export function browserPartUrl(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  input: { bucket: string; key: string; uploadId: string; partNumber: string },
  where: UploadTarget,
): string {
  assertValidObjectKey(input.key);
  const partNumber = parsePartNumber(input.partNumber);
  const query = { partNumber: String(partNumber), uploadId: input.uploadId };
  return presignedUrl({ method: 'PUT', ...where, bucket: input.bucket, key: input.key, query }, actor.credentials, deps.now());
}
