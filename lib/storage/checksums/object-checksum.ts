import type { ChecksumAlgorithm } from './checksum-algorithms';

/** The additional checksum an object is stored with: its algorithm and the base64 digest of the whole object. */
export interface ObjectChecksum {
  algorithm: ChecksumAlgorithm;
  value: string;
}

/**
 * `x-amz-checksum-<alg>` and `x-amz-checksum-type` as S3 returns them (PutObject, and GET/HEAD in checksum
 * mode). Every checksum here covers the full object: single-request uploads only (no composite part checksums).
 */
export function checksumResponseHeaders(checksum: ObjectChecksum | undefined): Record<string, string> {
  if (!checksum) return {};
  return { [`x-amz-checksum-${checksum.algorithm}`]: checksum.value, 'x-amz-checksum-type': 'FULL_OBJECT' };
}
