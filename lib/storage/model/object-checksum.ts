import type { ChecksumAlgorithm } from './checksum-algorithms';
import type { ChecksumType } from './checksum-type';

/**
 * The additional checksum an object is stored with: its algorithm and base64 value. `type` COMPOSITE (a multipart
 * object's checksum of its parts' checksums, the value ending `-<parts>`); undefined or FULL_OBJECT: of every byte.
 */
export interface ObjectChecksum {
  algorithm: ChecksumAlgorithm;
  value: string;
  type?: ChecksumType;
}

export const checksumTypeOf = (checksum: ObjectChecksum): ChecksumType => checksum.type ?? 'FULL_OBJECT';

/** S3's name of a checksum element or field: `ChecksumCRC32`, `ChecksumSHA256`. */
export const checksumElement = (algorithm: ChecksumAlgorithm) => `Checksum${algorithm.toUpperCase()}`;

/** `x-amz-checksum-<alg>` and `x-amz-checksum-type` as S3 returns them (PutObject, UploadPart, GET/HEAD in checksum mode). */
export function checksumResponseHeaders(checksum: ObjectChecksum | undefined): Record<string, string> {
  if (!checksum) return {};
  return { [`x-amz-checksum-${checksum.algorithm}`]: checksum.value, 'x-amz-checksum-type': checksumTypeOf(checksum) };
}

/** `ChecksumCRC32`… and `ChecksumType` elements of S3's XML answers (CompleteMultipartUpload, CopyObject, attributes). */
export function checksumElements(checksum: ObjectChecksum | undefined): Record<string, string> {
  if (!checksum) return {};
  return { [checksumElement(checksum.algorithm)]: checksum.value, ChecksumType: checksumTypeOf(checksum) };
}
