import { computeChecksum } from '../model/checksum-algorithms';
import type { UploadChecksum } from '../model/checksum-type';
import type { ObjectChecksum } from '../model/object-checksum';
import { combineCrcs, isCrcAlgorithm } from './crc-combine';

/** A part's checksum (base64, the upload's algorithm) and its size in bytes. */
export interface ChecksummedPart {
  checksum: string;
  size: number;
}

/**
 * The checksum of an object assembled from parts, from the parts' checksums only. COMPOSITE: the algorithm over the
 * concatenated binary part checksums, `-<parts>` appended (S3's spelling, like the multipart ETag). FULL_OBJECT: the
 * parts' CRCs combined into the CRC of all the bytes (checksum-type.ts allows FULL_OBJECT for CRCs only).
 */
export function multipartChecksum(upload: UploadChecksum, parts: readonly ChecksummedPart[]): ObjectChecksum {
  const { algorithm, type } = upload;
  const digests = parts.map((part) => Buffer.from(part.checksum, 'base64'));
  if (type === 'COMPOSITE') {
    return { algorithm, type, value: `${computeChecksum(algorithm, Buffer.concat(digests))}-${parts.length}` };
  }
  if (!isCrcAlgorithm(algorithm)) throw new Error(`FULL_OBJECT needs a CRC, not ${algorithm}`);
  const pieces = parts.map((part, index) => ({ digest: digests[index]!, size: part.size }));
  return { algorithm, type, value: combineCrcs(algorithm, pieces).toString('base64') };
}
