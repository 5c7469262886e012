import type { BlobCipher } from '../model/blob-cipher';
import { partSegments } from '../model/multipart-rules';
import type { ObjectRecord } from '../model/object-record';
import type { BlobOrigin } from './blob-storage';
import { removeBlob } from './remove-blob';
import type { StorageDeps } from './storage-deps';

/**
 * An object's bytes, or a range of them: one blob, or for a multipart manifest only the part blobs the
 * range crosses, concatenated. Undefined when a blob is gone (the object was replaced meanwhile: read it again).
 * An encrypted object is read with its cipher, and each piece is decrypted at its own offset.
 */
export async function readObjectBytes(
  deps: Pick<StorageDeps, 'blobs'>,
  record: Pick<ObjectRecord, 'blobId' | 'size' | 'parts' | 'encryption'>,
  range?: { start: number; end: number },
  cipher?: BlobCipher,
): Promise<Buffer | undefined> {
  if (record.encryption && !cipher) throw new Error('An encrypted object is read with its cipher');
  if (record.size === 0) return Buffer.alloc(0);
  const read = async (blobId: string, blobRange?: { start: number; end: number }) => {
    const bytes = await deps.blobs.get(blobId, blobRange);
    return bytes && cipher ? cipher.crypt(blobId, blobRange?.start ?? 0, bytes) : bytes;
  };
  const { parts } = record;
  if (!parts) return read(record.blobId, range);
  const segments = partSegments(
    parts.map((part) => part.size),
    range ?? { start: 0, end: record.size - 1 },
  );
  const pieces = await Promise.all(
    segments.map(({ index, start, end }) => {
      const part = parts[index]!;
      // The whole part without a Range header: the blob store need not slice it.
      return read(part.blobId, start === 0 && end === part.size - 1 ? undefined : { start, end });
    }),
  );
  return pieces.every((piece) => piece !== undefined) ? Buffer.concat(pieces as Buffer[]) : undefined;
}

/**
 * Copies an object's blobs for a copy of it (`target`, which has a fresh blob id): one blob, or every part
 * blob of a manifest to fresh ids, so the copy owns its bytes and removing either never touches the other.
 * Undefined when a source blob is gone (what was copied already is removed). `copyBlob` re-encrypts when either side
 * is encrypted (encryption/blob-recrypt.ts).
 */
export async function copyObjectBlobs(
  deps: Pick<StorageDeps, 'blobs' | 'newBlobId'>,
  source: Pick<ObjectRecord, 'blobId' | 'parts'>,
  target: ObjectRecord,
  copyBlob: (from: string, to: string, origin: BlobOrigin) => Promise<boolean> = (from, to, origin) =>
    deps.blobs.copy(from, to, origin),
): Promise<ObjectRecord | undefined> {
  const origin = { bucket: target.bucket, key: target.key };
  if (!source.parts) return (await copyBlob(source.blobId, target.blobId, origin)) ? target : undefined;
  const parts = source.parts.map((part, index) => ({ ...part, blobId: index === 0 ? target.blobId : deps.newBlobId() }));
  const copied = await Promise.all(parts.map((part, index) => copyBlob(source.parts![index]!.blobId, part.blobId, origin)));
  if (copied.every(Boolean)) return { ...target, parts };
  await Promise.all(parts.filter((_, index) => copied[index]).map((part) => removeBlob(deps, part.blobId)));
  return undefined;
}
