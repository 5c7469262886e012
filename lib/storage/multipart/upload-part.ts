import { createHash } from 'node:crypto';
import { existingBucket } from '../access/bucket-access';
import { atRest } from '../encryption/blob-recrypt';
import { openCipher } from '../encryption/object-keys';
import { COPY_SOURCE_CUSTOMER_KEY_HEADERS, CUSTOMER_KEY_HEADERS, customerKeyOf } from '../encryption/sse-headers';
import type { BlobCipher } from '../model/blob-cipher';
import { parseCopySource } from '../model/copy-source';
import { StorageError } from '../model/errors';
import { parseCopySourceRange, parsePartNumber } from '../model/multipart-rules';
import type { MultipartUpload, UploadedPart } from '../model/multipart-upload';
import type { ObjectChecksum } from '../model/object-checksum';
import type { Principal } from '../model/principal';
import { readCopySource } from '../objects/copy-object';
import { verifiedBodyMd5 } from '../objects/request-body';
import { readObjectBytes } from '../store/object-manifest';
import { removeBlob } from '../store/remove-blob';
import type { StorageDeps } from '../store/storage-deps';
import { noSuchUpload, uploadFor } from './upload-access';
import { partChecksum } from './upload-checksum';

const MAX_ATTEMPTS = 40;

export interface PartTarget {
  bucket: string;
  key: string;
  uploadId: string;
  partNumber: string | undefined;
  headers: Readonly<Record<string, readonly string[]>>;
}

/**
 * UploadPart: the body passes PutObject's checks (the single-request cap among them); its ETag is its MD5, and its
 * checksum (`sent`, verified with the body) is kept as upload-checksum.ts says. The part is encrypted as its upload says
 * (an SSE-C upload's parts carry its key); the upload's encryption comes back for the answer.
 */
export async function uploadPart(
  deps: StorageDeps,
  principal: Principal,
  target: PartTarget,
  body: Buffer,
  sent?: ObjectChecksum,
): Promise<{ part: UploadedPart; upload: MultipartUpload }> {
  const partNumber = parsePartNumber(target.partNumber);
  const { upload } = await uploadFor(deps, principal, target);
  const md5 = verifiedBodyMd5(deps.maxObjectBytes, target.headers, body);
  const checksum = partChecksum(upload, sent, body);
  const cipher = await partCipher(deps, upload, target.headers);
  const part = newPart(deps, upload, partNumber, body.length, md5.toString('hex'), checksum);
  await deps.blobs.put(part.blobId, atRest(cipher, part.blobId, body), originOf(upload, partNumber));
  return { part: await commitPart(deps, upload, part), upload };
}

/** The cipher of an upload's parts: its SSE-C key must come with every part, the others' data key is unwrapped. */
const partCipher = (
  deps: StorageDeps,
  upload: MultipartUpload,
  headers: PartTarget['headers'],
): Promise<BlobCipher | undefined> =>
  openCipher(deps.kms, upload.encryption, customerKeyOf(headers, CUSTOMER_KEY_HEADERS, deps.sseCustomerKeyOverHttp), 'upload');

/**
 * UploadPartCopy: a part made of another object (READ on it, as CopyObject checks), or of the byte range
 * x-amz-copy-source-range names. A whole single-blob source is copied inside the blob bucket.
 */
export async function uploadPartCopy(
  deps: StorageDeps,
  principal: Principal,
  target: PartTarget & { copySource: string },
): Promise<{ part: UploadedPart; upload: MultipartUpload; sourceVersionId?: string }> {
  const partNumber = parsePartNumber(target.partNumber);
  const source = parseCopySource(target.copySource);
  const sourceBucket = await existingBucket(deps, source.bucket);
  const { upload } = await uploadFor(deps, principal, target);
  const rawRange = target.headers['x-amz-copy-source-range']?.join(',');
  const cipher = await partCipher(deps, upload, target.headers);
  const sourceKey = customerKeyOf(target.headers, COPY_SOURCE_CUSTOMER_KEY_HEADERS, deps.sseCustomerKeyOverHttp);
  for (let attempt = 0; attempt < 5; attempt++) {
    const original = await readCopySource(deps, principal, sourceBucket, source, target.headers);
    const sourceCipher = await openCipher(deps.kms, original.encryption, sourceKey, 'object');
    const range = rawRange === undefined ? undefined : parseCopySourceRange(rawRange, original.size);
    const sourceVersionId = sourceBucket.versioning ? original.versionId : undefined;
    // A checksummed upload's part checksum is computed from the bytes, so those are read.
    if (range === undefined && !original.parts && !cipher && !sourceCipher && !upload.checksum) {
      const part = newPart(deps, upload, partNumber, original.size, original.etag);
      // Gone meanwhile (replaced and removed): read the source again.
      if (!(await deps.blobs.copy(original.blobId, part.blobId, originOf(upload, partNumber)))) continue;
      return { part: await commitPart(deps, upload, part), upload, sourceVersionId };
    }
    const bytes = await readObjectBytes(deps, original, range, sourceCipher);
    if (!bytes) continue;
    const md5 = createHash('md5').update(bytes).digest('hex');
    const part = newPart(deps, upload, partNumber, bytes.length, md5, partChecksum(upload, undefined, bytes));
    await deps.blobs.put(part.blobId, atRest(cipher, part.blobId, bytes), originOf(upload, partNumber));
    return { part: await commitPart(deps, upload, part), upload, sourceVersionId };
  }
  throw new StorageError('SlowDown');
}

const newPart = (
  deps: StorageDeps,
  upload: MultipartUpload,
  partNumber: number,
  size: number,
  etag: string,
  checksum?: ObjectChecksum,
): UploadedPart => ({
  uploadId: upload.uploadId,
  partNumber,
  blobId: deps.newBlobId(),
  size,
  etag,
  lastModified: deps.now().toISOString(),
  ...(checksum ? { checksum } : {}),
});

/** Part blobs name their upload, so the orphan sweeper can tell a live part from an orphan. */
const originOf = (upload: MultipartUpload, partNumber: number) => ({
  bucket: upload.bucket,
  key: upload.key,
  uploadId: upload.uploadId,
  partNumber,
});

/**
 * Points the part number at the new blob, conditionally on what it pointed at (optimistic, like an object
 * commit): the winner removes the blob it replaced. An upload aborted or completing meanwhile: NoSuchUpload,
 * and the new blob goes.
 */
async function commitPart(deps: StorageDeps, upload: MultipartUpload, part: UploadedPart): Promise<UploadedPart> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await deps.uploads.part(upload.uploadId, part.partNumber);
    const outcome = await deps.uploads.putPart(upload, part, current?.blobId);
    if (outcome === 'committed') {
      if (current) await removeBlob(deps, current.blobId);
      return part;
    }
    if (outcome === 'no-upload') {
      await removeBlob(deps, part.blobId);
      throw noSuchUpload(upload.uploadId);
    }
  }
  await removeBlob(deps, part.blobId);
  throw new StorageError('SlowDown');
}
