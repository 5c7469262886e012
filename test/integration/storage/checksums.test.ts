import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import {
  type ChecksumAlgorithm,
  CopyObjectCommand,
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeChecksum } from '../../../lib/storage/model/checksum-algorithms';
import { awsCli } from '../../support/cli-clients';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const run = promisify(execFile);
const { baseUrl } = testStack();
let user: StorageCredentials;
let s3: S3Client;
const bucket = uniqueBucket('checksums');
const data = randomBytes(70_000);
const crc32Of = (bytes: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(bytes));
  return out.toString('base64');
};

beforeAll(async () => {
  user = await newStorageUser('checksums');
  s3 = sdkClient(user);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

describe('additional checksums (x-amz-checksum-*) through @aws-sdk/client-s3 defaults', () => {
  it('stores the default CRC32 of a streamed (aws-chunked trailer) and of a buffered upload, returned in checksum mode only', async () => {
    const sent: Record<string, string>[] = [];
    const client = sdkClient(user);
    client.middlewareStack.add(
      (next) => async (args) => {
        sent.push({ ...(args.request as { headers: Record<string, string> }).headers });
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const streamed = await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'streamed', Body: Readable.from([data]), ContentLength: data.length }),
    );
    expect([streamed.ChecksumCRC32, streamed.ChecksumType]).toEqual([crc32Of(data), 'FULL_OBJECT']);
    expect(sent[0]).toMatchObject({ 'x-amz-trailer': 'x-amz-checksum-crc32', 'x-amz-sdk-checksum-algorithm': 'CRC32' });
    const buffered = await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'buffered', Body: data }));
    expect(buffered.ChecksumCRC32).toBe(crc32Of(data));
    expect(sent[1]).toMatchObject({ 'x-amz-checksum-crc32': crc32Of(data) });
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'streamed', ChecksumMode: 'ENABLED' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(data)).toBe(true);
    expect([got.ChecksumCRC32, got.ChecksumType]).toEqual([crc32Of(data), 'FULL_OBJECT']);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'buffered', ChecksumMode: 'ENABLED' }));
    expect(head.ChecksumCRC32).toBe(crc32Of(data));
    const plain = await rawS3({ method: 'HEAD', path: `/${bucket}/buffered`, as: user });
    expect(plain.headers['x-amz-checksum-crc32']).toBeUndefined();
    const ranged = await rawS3({
      method: 'GET',
      path: `/${bucket}/buffered`,
      headers: { range: 'bytes=0-9', 'x-amz-checksum-mode': 'ENABLED' },
      as: user,
    });
    expect([ranged.status, ranged.headers['x-amz-checksum-crc32']]).toEqual([206, undefined]);
  });

  it('validates and stores every algorithm the SDK offers', async () => {
    const algorithms: [ChecksumAlgorithm, string][] = [
      ['CRC32C', 'ChecksumCRC32C'],
      ['CRC64NVME', 'ChecksumCRC64NVME'],
      ['SHA1', 'ChecksumSHA1'],
      ['SHA256', 'ChecksumSHA256'],
    ];
    for (const [algorithm, field] of algorithms) {
      const key = `alg-${algorithm}`;
      const expected = computeChecksum(algorithm.toLowerCase() as 'sha1', data);
      const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ChecksumAlgorithm: algorithm }));
      expect(put[field as 'ChecksumSHA1']).toBe(expected);
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
      expect(head[field as 'ChecksumSHA1']).toBe(expected);
    }
    const sha256 = createHash('sha256').update(data).digest('base64');
    expect(computeChecksum('sha256', data)).toBe(sha256);
  });

  it('refuses a checksum that does not match the bytes (BadDigest), and names an unsupported algorithm', async () => {
    const wrong = crc32Of(Buffer.from('something else'));
    expect(
      await s3ErrorName(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'bad', Body: data, ChecksumCRC32: wrong }))),
    ).toBe('BadDigest');
    const raw = await rawS3({
      method: 'PUT',
      path: `/${bucket}/bad`,
      body: 'x',
      headers: { 'x-amz-checksum-crc32': wrong },
      as: user,
    });
    expect([raw.status, errorCode(raw)]).toEqual([400, 'BadDigest']);
    expect(raw.text).toContain('<Message>The CRC32 you specified did not match the calculated checksum.</Message>');
    // An aws-chunked body whose (unsigned) trailer carries the wrong CRC32.
    const chunked = (checksum: string) =>
      rawS3({
        method: 'PUT',
        path: `/${bucket}/chunked`,
        body: `5\r\nhello\r\n0\r\nx-amz-checksum-crc32:${checksum}\r\n\r\n`,
        headers: {
          'content-encoding': 'aws-chunked',
          'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
          'x-amz-decoded-content-length': '5',
          'x-amz-trailer': 'x-amz-checksum-crc32',
        },
        as: user,
      });
    expect(errorCode(await chunked(wrong))).toBe('BadDigest');
    const good = await chunked(crc32Of(Buffer.from('hello')));
    expect([good.status, good.headers['x-amz-checksum-crc32']]).toEqual([200, crc32Of(Buffer.from('hello'))]);
    const md5 = await rawS3({
      method: 'PUT',
      path: `/${bucket}/bad`,
      body: 'x',
      headers: { 'x-amz-checksum-md5': 'x' },
      as: user,
    });
    expect([md5.status, errorCode(md5)]).toEqual([400, 'InvalidRequest']);
    expect(md5.text).toContain('x-amz-checksum-md5 names checksum algorithm MD5, which is not supported');
    // CreateMultipartUpload-like: x-amz-checksum-algorithm is a request to compute, refused only for an unknown algorithm.
    const create = await rawS3({
      method: 'POST',
      path: `/${bucket}/mpu`,
      query: { uploads: '' },
      headers: { 'x-amz-checksum-algorithm': 'MD5' },
      as: user,
    });
    expect([create.status, errorCode(create)]).toEqual([400, 'InvalidRequest']);
    expect(create.text).toContain(
      'x-amz-checksum-algorithm is MD5. Please try again with any of the valid types: [CRC32, CRC32C',
    );
    const missing = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'bad' })).catch((error) => error.name);
    expect(missing).toBe('NotFound');
  });

  it('CopyObject keeps the source checksum, or computes the x-amz-checksum-algorithm asked for', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'source', Body: data, ChecksumAlgorithm: 'SHA1' }));
    const kept = await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy', CopySource: `${bucket}/source` }));
    expect(kept.CopyObjectResult?.ChecksumSHA1).toBe(computeChecksum('sha1', data));
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'copy', ChecksumMode: 'ENABLED' }));
    expect(head.ChecksumSHA1).toBe(computeChecksum('sha1', data));
    const recomputed = await s3.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'copy-sha256', CopySource: `${bucket}/source`, ChecksumAlgorithm: 'SHA256' }),
    );
    expect(recomputed.CopyObjectResult?.ChecksumSHA256).toBe(computeChecksum('sha256', data));
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'copy-sha256', ChecksumMode: 'ENABLED' }));
    expect(got.ChecksumSHA256).toBe(computeChecksum('sha256', data));
    expect(got.ChecksumSHA1).toBeUndefined();
  });
});

describe('additional checksums through boto3 and awscli', () => {
  it('boto3: default CRC32, SHA256 on request, checksum mode on GET, BadDigest on a wrong value', async () => {
    const script = join(import.meta.dirname, 'clients', 'boto3_checksums.py');
    const { stdout } = await run('python3', [script, baseUrl, user.accessKey, user.secretKey, bucket], { timeout: 60_000 });
    const text = 'checksummed by boto3';
    const expectedCrc64 = computeChecksum('crc64nvme', Buffer.from(text));
    const report = JSON.parse(stdout);
    expect(report).toEqual({
      defaultCrc32: crc32Of(Buffer.from(text)),
      sha256Put: computeChecksum('sha256', Buffer.from(text)),
      sha256Get: [computeChecksum('sha256', Buffer.from(text)), 'FULL_OBJECT', text],
      withoutMode: null,
      badDigest: [400, 'BadDigest'],
      // botocore computes CRC64NVME only with awscrt installed; without it the client itself refuses.
      crc64nvme: report.crc64nvme === 'client-lacks-crt' ? 'client-lacks-crt' : expectedCrc64,
    });
  });

  it('awscli s3api: put-object --checksum-algorithm SHA1, head-object --checksum-mode ENABLED', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'awscli-checksum-'));
    writeFileSync(join(dir, 'in.bin'), data);
    const aws = awsCli(user);
    const api = async (...args: string[]) => JSON.parse((await aws('s3api', ...args, '--bucket', bucket)).stdout);
    const put = await api('put-object', '--key', 'cli', '--body', join(dir, 'in.bin'), '--checksum-algorithm', 'SHA1');
    expect(put.ChecksumSHA1).toBe(computeChecksum('sha1', data));
    const head = await api('head-object', '--key', 'cli', '--checksum-mode', 'ENABLED');
    expect([head.ChecksumSHA1, head.ChecksumType]).toEqual([computeChecksum('sha1', data), 'FULL_OBJECT']);
  });
});
