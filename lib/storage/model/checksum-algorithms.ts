import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Crc32c } from '@aws-crypto/crc32c';
import { crc64Nvme } from './crc64-nvme';

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

/** The additional checksums of S3 (`x-amz-checksum-<name>`), each the digest of the whole object's bytes. */
const DIGESTS = {
  crc32: (data: Buffer) => uint32(crc32(data)),
  crc32c: (data: Buffer) => uint32(new Crc32c().update(data).digest()),
  crc64nvme: crc64Nvme,
  sha1: (data: Buffer) => createHash('sha1').update(data).digest(),
  sha256: (data: Buffer) => createHash('sha256').update(data).digest(),
} as const;

/** Lower-case, as in the header names; S3's spelling in values and messages is the upper-case form. */
export type ChecksumAlgorithm = keyof typeof DIGESTS;

export const CHECKSUM_ALGORITHMS = Object.keys(DIGESTS) as ChecksumAlgorithm[];

/** The algorithms as S3 lists them in its messages: `CRC32, CRC32C, CRC64NVME, SHA1, SHA256`. */
export const SUPPORTED_CHECKSUMS = CHECKSUM_ALGORITHMS.map((name) => name.toUpperCase()).join(', ');

/** An algorithm named in any case (`CRC32`, `crc32`), or undefined. */
export function checksumAlgorithm(name: string): ChecksumAlgorithm | undefined {
  const lower = name.trim().toLowerCase();
  return (CHECKSUM_ALGORITHMS as string[]).includes(lower) ? (lower as ChecksumAlgorithm) : undefined;
}

/** The base64 digest S3 sends and stores. */
export const computeChecksum = (algorithm: ChecksumAlgorithm, data: Buffer): string =>
  DIGESTS[algorithm](data).toString('base64');

/** Digest size in bytes: a base64 value of another size is malformed, not merely wrong. */
export const checksumBytes = (algorithm: ChecksumAlgorithm): number => DIGESTS[algorithm](Buffer.alloc(0)).length;
