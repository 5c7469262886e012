import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Crc32c } from '@aws-crypto/crc32c';
import { StorageError } from '../errors';

const crcBase64 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes.toString('base64');
};

/** The flexible checksums S3 clients send (`x-amz-checksum-<algorithm>`, base64 of the digest). */
/** Headers of the family that name or qualify a checksum rather than carry one (CreateMultipartUpload sends the algorithm). */
const NOT_CHECKSUMS = new Set(['x-amz-checksum-type', 'x-amz-checksum-mode', 'x-amz-checksum-algorithm']);

const ALGORITHMS: Record<string, (data: Buffer) => string> = {
  crc32: (data) => crcBase64(crc32(data)),
  crc32c: (data) => crcBase64(new Crc32c().update(data).digest()),
  sha1: (data) => createHash('sha1').update(data).digest('base64'),
  sha256: (data) => createHash('sha256').update(data).digest('base64'),
};

/** Checks every `x-amz-checksum-*` value (header or trailer) against the bytes: BadDigest on mismatch. */
export function verifyChecksums(fields: Iterable<readonly [string, string]>, data: Buffer): void {
  for (const [name, value] of fields) {
    if (!name.startsWith('x-amz-checksum-') || NOT_CHECKSUMS.has(name)) continue;
    const algorithm = name.slice('x-amz-checksum-'.length);
    const compute = ALGORITHMS[algorithm];
    if (!compute) throw new StorageError('InvalidRequest', `Checksum algorithm ${algorithm} is not supported.`);
    if (compute(data) !== value) {
      throw new StorageError('BadDigest', `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
    }
  }
}
