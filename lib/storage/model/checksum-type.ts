import { type ChecksumAlgorithm, checksumAlgorithm } from './checksum-algorithms';
import { StorageError } from './errors';

/**
 * S3's two kinds of multipart checksum: COMPOSITE, the checksum of the parts' binary checksums (written
 * `<base64>-<parts>`), and FULL_OBJECT, the checksum of every byte (a single-request upload's is always this).
 */
export const CHECKSUM_TYPES = ['COMPOSITE', 'FULL_OBJECT'] as const;
export type ChecksumType = (typeof CHECKSUM_TYPES)[number];

/** What each algorithm allows: SHA digests cannot be combined, and S3 defines CRC64NVME as full-object only. */
const ALLOWED_TYPES: Readonly<Record<ChecksumAlgorithm, readonly ChecksumType[]>> = {
  crc32: ['COMPOSITE', 'FULL_OBJECT'],
  crc32c: ['COMPOSITE', 'FULL_OBJECT'],
  crc64nvme: ['FULL_OBJECT'],
  sha1: ['COMPOSITE'],
  sha256: ['COMPOSITE'],
};

/** The checksum an upload was created with: its algorithm and how the parts' checksums make the object's. */
export interface UploadChecksum {
  algorithm: ChecksumAlgorithm;
  type: ChecksumType;
}

/** `x-amz-checksum-type` as sent (any case), or undefined; anything but the two types is InvalidRequest. */
export function requestedChecksumType(value: string | undefined): ChecksumType | undefined {
  if (value === undefined) return undefined;
  const type = CHECKSUM_TYPES.find((known) => known === value.trim().toUpperCase());
  if (!type) {
    throw new StorageError(
      'InvalidRequest',
      `Value for x-amz-checksum-type header is invalid: ${value} is not one of ${CHECKSUM_TYPES.join(', ')}.`,
    );
  }
  return type;
}

/**
 * The upload checksum of a CreateMultipartUpload: `x-amz-checksum-algorithm` with `x-amz-checksum-type` (by default
 * COMPOSITE, FULL_OBJECT for CRC64NVME, as S3 defaults). A type alone, or one the algorithm does not allow, is S3's 400.
 */
export function uploadChecksumOf(algorithmName: string | undefined, typeName: string | undefined): UploadChecksum | undefined {
  const type = requestedChecksumType(typeName);
  if (algorithmName === undefined) {
    if (type) {
      throw new StorageError(
        'InvalidRequest',
        'The x-amz-checksum-type header can only be used with the x-amz-checksum-algorithm header.',
      );
    }
    return undefined;
  }
  const algorithm = checksumAlgorithm(algorithmName);
  if (!algorithm) return undefined; // Refused by name where the header is read (requestedChecksumAlgorithm).
  const allowed = ALLOWED_TYPES[algorithm];
  if (type && !allowed.includes(type)) {
    throw new StorageError(
      'InvalidRequest',
      `The ${type} checksum type cannot be used with the ${algorithm} checksum algorithm.`,
    );
  }
  return { algorithm, type: type ?? allowed[0]! };
}
