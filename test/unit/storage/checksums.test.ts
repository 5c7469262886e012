import { randomBytes } from 'node:crypto';
import { Crc64NvmeJs } from '@aws-sdk/checksums/crc';
import { describe, expect, it } from 'vitest';
import { requestedChecksumAlgorithm, verifyRequestChecksum } from '../../../lib/storage/checksums/request-checksum';
import { computeChecksum } from '../../../lib/storage/model/checksum-algorithms';
import { crc64Nvme } from '../../../lib/storage/model/crc64-nvme';
import type { StorageError } from '../../../lib/storage/model/errors';

const CHECK = Buffer.from('123456789');
const data = Buffer.from('hello checksums');
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return [(error as StorageError).code, (error as StorageError).message];
  }
  throw new Error('expected a refusal');
};

describe('CRC64-NVME', () => {
  it('has the catalogue check value', () => {
    expect(crc64Nvme(CHECK).toString('hex')).toBe('ae8b14860a799888');
    expect(crc64Nvme(Buffer.alloc(0)).toString('hex')).toBe('0000000000000000');
  });

  it('agrees with the AWS SDK implementation on every length up to 300 bytes and on 1 MiB', async () => {
    const inputs = [...Array.from({ length: 301 }, (_, size) => randomBytes(size)), randomBytes(1 << 20)];
    for (const input of inputs) {
      const sdk = new Crc64NvmeJs();
      sdk.update(input);
      expect(crc64Nvme(input).toString('hex')).toBe(Buffer.from(await sdk.digest()).toString('hex'));
    }
  });
});

describe('additional checksums of a request', () => {
  it('computes each algorithm as S3 does (base64 of the big-endian digest)', () => {
    expect(Buffer.from(computeChecksum('crc32', CHECK), 'base64').toString('hex')).toBe('cbf43926');
    expect(Buffer.from(computeChecksum('crc32c', CHECK), 'base64').toString('hex')).toBe('e3069283');
    expect(computeChecksum('crc64nvme', CHECK)).toBe(Buffer.from('ae8b14860a799888', 'hex').toString('base64'));
    expect(computeChecksum('sha1', Buffer.from('abc'))).toBe('qZk+NkcGgWq6PiVxeFDCbJzQ2J0=');
    expect(computeChecksum('sha256', Buffer.alloc(0))).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('verifies a header value and returns it for the object', () => {
    const value = computeChecksum('sha256', data);
    expect(verifyRequestChecksum({ 'x-amz-checksum-sha256': [value] }, [], data)).toEqual({ algorithm: 'sha256', value });
    expect(verifyRequestChecksum({ 'content-type': ['text/plain'] }, [], data)).toBeUndefined();
  });

  it('verifies a declared trailer, and computes the checksum a bare x-amz-sdk-checksum-algorithm asks for', () => {
    const value = computeChecksum('crc32', data);
    const headers = { 'x-amz-sdk-checksum-algorithm': ['CRC32'], 'x-amz-trailer': ['x-amz-checksum-crc32'] };
    expect(verifyRequestChecksum(headers, [['x-amz-checksum-crc32', value]], data)).toEqual({ algorithm: 'crc32', value });
    expect(verifyRequestChecksum({ 'x-amz-sdk-checksum-algorithm': ['crc64nvme'] }, [], data)).toEqual({
      algorithm: 'crc64nvme',
      value: computeChecksum('crc64nvme', data),
    });
    expect(refusal(() => verifyRequestChecksum(headers, [], data))).toEqual([
      'MalformedTrailerError',
      'The trailer x-amz-checksum-crc32 declared in x-amz-trailer is missing from the body.',
    ]);
  });

  it("refuses a wrong value with S3's BadDigest wording, and a malformed one with BadDigest too (RGW)", () => {
    const wrong = computeChecksum('crc32', Buffer.from('other'));
    expect(refusal(() => verifyRequestChecksum({ 'x-amz-checksum-crc32': [wrong] }, [], data))).toEqual([
      'BadDigest',
      'The CRC32 you specified did not match the calculated checksum.',
    ]);
    expect(refusal(() => verifyRequestChecksum({}, [['x-amz-checksum-crc32c', wrong]], data))[0]).toBe('BadDigest');
    expect(refusal(() => verifyRequestChecksum({ 'x-amz-checksum-sha1': ['AAAA'] }, [], data))).toEqual([
      'BadDigest',
      'Value for x-amz-checksum-sha1 is not a valid SHA1 checksum.',
    ]);
  });

  it('names what it refuses: the header, the algorithm, the supported ones', () => {
    expect(refusal(() => verifyRequestChecksum({ 'x-amz-checksum-md5': ['x'] }, [], data))).toEqual([
      'InvalidRequest',
      'x-amz-checksum-md5 names checksum algorithm MD5, which is not supported; the supported algorithms are CRC32, CRC32C, CRC64NVME, SHA1, SHA256.',
    ]);
    expect(refusal(() => verifyRequestChecksum({ 'x-amz-trailer': ['x-amz-checksum-xxh3'] }, [], data))[1]).toContain(
      'x-amz-checksum-xxh3 names checksum algorithm XXH3',
    );
    expect(refusal(() => verifyRequestChecksum({ 'x-amz-sdk-checksum-algorithm': ['MD5'] }, [], data))).toEqual([
      'InvalidRequest',
      'Value for x-amz-sdk-checksum-algorithm header is invalid: MD5 is not one of CRC32, CRC32C, CRC64NVME, SHA1, SHA256.',
    ]);
    expect(refusal(() => requestedChecksumAlgorithm({ 'x-amz-checksum-algorithm': ['algorithm'] }))[1]).toBe(
      'Checksum algorithm provided is unsupported: x-amz-checksum-algorithm is algorithm. Please try again with any of the valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]',
    );
    expect(requestedChecksumAlgorithm({ 'x-amz-checksum-algorithm': ['SHA256'] })).toBe('sha256');
    const crc = computeChecksum('crc32', data);
    const sha = computeChecksum('sha256', data);
    expect(
      refusal(() => verifyRequestChecksum({ 'x-amz-checksum-crc32': [crc], 'x-amz-checksum-sha256': [sha] }, [], data)),
    ).toEqual(['InvalidRequest', 'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.']);
    expect(
      refusal(() =>
        verifyRequestChecksum({ 'x-amz-sdk-checksum-algorithm': ['SHA256'], 'x-amz-checksum-crc32': [crc] }, [], data),
      ),
    ).toEqual(['InvalidRequest', 'x-amz-sdk-checksum-algorithm is SHA256 but the checksum sent is x-amz-checksum-crc32.']);
  });

  it('ignores the x-amz-checksum-* headers that carry no value', () => {
    const headers = {
      'x-amz-checksum-mode': ['ENABLED'],
      'x-amz-checksum-type': ['FULL_OBJECT'],
      'x-amz-checksum-algorithm': ['CRC32'],
    };
    expect(verifyRequestChecksum(headers, [], data)).toBeUndefined();
  });
});
