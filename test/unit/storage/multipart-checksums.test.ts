import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CrcAlgorithm, combineCrcs } from '../../../lib/storage/checksums/crc-combine';
import { multipartChecksum } from '../../../lib/storage/checksums/multipart-checksum';
import { computeChecksum } from '../../../lib/storage/model/checksum-algorithms';
import { uploadChecksumOf } from '../../../lib/storage/model/checksum-type';
import type { StorageError } from '../../../lib/storage/model/errors';

const CRCS: CrcAlgorithm[] = ['crc32', 'crc32c', 'crc64nvme'];
const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'passed';
  } catch (error) {
    return (error as StorageError).code;
  }
};

/** Random data cut at random points into parts (some of them empty). */
const splitData = fc.tuple(fc.uint8Array({ maxLength: 4096 }), fc.array(fc.nat(), { maxLength: 12 })).map(([data, cuts]) => {
  const bytes = Buffer.from(data);
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const bounds = [0, ...points, bytes.length];
  return { bytes, parts: bounds.slice(1).map((end, index) => bytes.subarray(bounds[index]!, end)) };
});

describe('FULL_OBJECT multipart checksums (CRC combination)', () => {
  it.each(CRCS)('combine the parts’ %s into the CRC of the whole data, for random data split into random parts', (algorithm) => {
    fc.assert(
      fc.property(splitData, ({ bytes, parts }) => {
        const combined = multipartChecksum(
          { algorithm, type: 'FULL_OBJECT' },
          parts.map((part) => ({ checksum: computeChecksum(algorithm, part), size: part.length })),
        );
        expect(combined).toEqual({ algorithm, type: 'FULL_OBJECT', value: computeChecksum(algorithm, bytes) });
      }),
      { numRuns: 200 },
    );
  });

  it('combine multi-megabyte parts by their lengths alone (no part is re-read)', () => {
    const parts = ['A', 'B', 'C'].map((fill) => Buffer.alloc(5 * 1024 * 1024, fill));
    const whole = Buffer.concat(parts);
    for (const algorithm of CRCS) {
      const pieces = parts.map((part) => ({
        digest: Buffer.from(computeChecksum(algorithm, part), 'base64'),
        size: part.length,
      }));
      expect(combineCrcs(algorithm, pieces).toString('base64')).toBe(computeChecksum(algorithm, whole));
    }
    // Ceph RGW's value for the same three parts (its unittest_rgw_cksum), so the two servers agree.
    expect(computeChecksum('crc32', whole)).toBe('WgDhBQ==');
  });
});

describe('COMPOSITE multipart checksums', () => {
  it('are the checksum of the concatenated binary part checksums, with the part count', () => {
    const parts = ['one', 'two', 'three'].map((text) => Buffer.from(text));
    for (const algorithm of ['sha1', 'sha256', 'crc32', 'crc32c'] as const) {
      const checksums = parts.map((part) => computeChecksum(algorithm, part));
      const expected = createHash(algorithm === 'sha1' || algorithm === 'sha256' ? algorithm : 'md5');
      const digests = Buffer.concat(checksums.map((value) => Buffer.from(value, 'base64')));
      const value = multipartChecksum(
        { algorithm, type: 'COMPOSITE' },
        checksums.map((checksum, index) => ({ checksum, size: parts[index]!.length })),
      ).value;
      expect(value).toBe(`${computeChecksum(algorithm, digests)}-3`);
      if (algorithm === 'sha256') expect(value).toBe(`${expected.update(digests).digest('base64')}-3`);
    }
  });
});

describe('the checksum type of a CreateMultipartUpload', () => {
  it('defaults as S3 does and refuses a type the algorithm does not allow', () => {
    expect(uploadChecksumOf('SHA256', undefined)).toEqual({ algorithm: 'sha256', type: 'COMPOSITE' });
    expect(uploadChecksumOf('CRC32', undefined)).toEqual({ algorithm: 'crc32', type: 'COMPOSITE' });
    expect(uploadChecksumOf('CRC64NVME', undefined)).toEqual({ algorithm: 'crc64nvme', type: 'FULL_OBJECT' });
    expect(uploadChecksumOf('crc32c', 'full_object')).toEqual({ algorithm: 'crc32c', type: 'FULL_OBJECT' });
    expect(uploadChecksumOf(undefined, undefined)).toBeUndefined();
    expect(codeOf(() => uploadChecksumOf('SHA1', 'FULL_OBJECT'))).toBe('InvalidRequest');
    expect(codeOf(() => uploadChecksumOf('SHA256', 'FULL_OBJECT'))).toBe('InvalidRequest');
    expect(codeOf(() => uploadChecksumOf('CRC64NVME', 'COMPOSITE'))).toBe('InvalidRequest');
    expect(codeOf(() => uploadChecksumOf('CRC32', 'PARTIAL'))).toBe('InvalidRequest');
    expect(codeOf(() => uploadChecksumOf(undefined, 'COMPOSITE'))).toBe('InvalidRequest');
  });
});
