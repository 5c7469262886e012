import { randomBytes } from 'node:crypto';
import {
  type ChecksumAlgorithm,
  type ChecksumType,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeChecksum } from '../../../lib/storage/model/checksum-algorithms';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const MiB = 1024 * 1024;
const bucket = uniqueBucket('mpu-checksums');
const parts = [randomBytes(5 * MiB), randomBytes(70_001)];
const whole = Buffer.concat(parts);
let user: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  user = await newStorageUser('mpu-checksums');
  s3 = sdkClient(user);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

/** Creates an upload with the algorithm and type, sends both parts with checksums; returns the upload and what each part answered. */
async function uploadParts(key: string, algorithm: ChecksumAlgorithm, type: ChecksumType) {
  const created = await s3.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ChecksumAlgorithm: algorithm, ChecksumType: type }),
  );
  expect([created.ChecksumAlgorithm, created.ChecksumType]).toEqual([algorithm, type]);
  const UploadId = created.UploadId!;
  const answers = [];
  for (const [index, body] of parts.entries()) {
    const part = { Bucket: bucket, Key: key, UploadId, PartNumber: index + 1, Body: body, ChecksumAlgorithm: algorithm };
    answers.push(await s3.send(new UploadPartCommand(part)));
  }
  return { UploadId, answers };
}

const field = (algorithm: ChecksumAlgorithm) => `Checksum${algorithm}` as 'ChecksumCRC32';
const checksumOf = (algorithm: ChecksumAlgorithm, bytes: Buffer) =>
  computeChecksum(algorithm.toLowerCase() as Parameters<typeof computeChecksum>[0], bytes);

describe('multipart checksums through @aws-sdk/client-s3', () => {
  it('CRC32 FULL_OBJECT: the parts’ CRCs combine into the CRC of the whole object, checked against the client’s, read back in checksum mode', async () => {
    const key = 'crc32-full';
    const { UploadId, answers } = await uploadParts(key, 'CRC32', 'FULL_OBJECT');
    expect(answers.map((answer) => answer.ChecksumCRC32)).toEqual(parts.map((part) => checksumOf('CRC32', part)));

    const listed = await s3.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId }));
    expect([listed.ChecksumAlgorithm, listed.ChecksumType]).toEqual(['CRC32', 'FULL_OBJECT']);
    expect(listed.Parts?.map((part) => part.ChecksumCRC32)).toEqual(answers.map((answer) => answer.ChecksumCRC32));

    const named = answers.map((answer, index) => ({
      PartNumber: index + 1,
      ETag: answer.ETag,
      ChecksumCRC32: answer.ChecksumCRC32,
    }));
    const complete = (ChecksumCRC32: string) =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          ChecksumCRC32,
          ChecksumType: 'FULL_OBJECT',
          MultipartUpload: { Parts: named },
        }),
      );
    // A whole-object checksum that is not the object's is refused, and the upload stays open for a retry.
    expect(await s3ErrorName(complete(checksumOf('CRC32', parts[0]!)))).toBe('BadDigest');
    const completed = await complete(checksumOf('CRC32', whole));
    expect([completed.ChecksumCRC32, completed.ChecksumType]).toEqual([checksumOf('CRC32', whole), 'FULL_OBJECT']);

    // The SDK checks the body it reads against the FULL_OBJECT CRC it is given.
    const read = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
    expect(Buffer.from(await read.Body!.transformToByteArray()).equals(whole)).toBe(true);
    expect([read.ChecksumCRC32, read.ChecksumType]).toEqual([checksumOf('CRC32', whole), 'FULL_OBJECT']);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
    expect([head.ChecksumCRC32, head.ChecksumType]).toEqual([checksumOf('CRC32', whole), 'FULL_OBJECT']);
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ChecksumCRC32).toBeUndefined();
  });

  it.each(['CRC32', 'SHA256'] as const)(
    '%s COMPOSITE: the checksum of the parts’ checksums with the part count; a part read alone gets its own',
    async (algorithm) => {
      const key = `${algorithm}-composite`;
      const { UploadId, answers } = await uploadParts(key, algorithm, 'COMPOSITE');
      const digests = Buffer.concat(answers.map((answer) => Buffer.from(answer[field(algorithm)]!, 'base64')));
      const composite = `${checksumOf(algorithm, digests)}-2`;
      const completed = await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          MultipartUpload: {
            Parts: answers.map((answer, index) => ({
              PartNumber: index + 1,
              ETag: answer.ETag,
              [field(algorithm)]: answer[field(algorithm)],
            })),
          },
        }),
      );
      expect([completed[field(algorithm)], completed.ChecksumType]).toEqual([composite, 'COMPOSITE']);

      const read = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
      expect(Buffer.from(await read.Body!.transformToByteArray()).equals(whole)).toBe(true);
      expect([read[field(algorithm)], read.ChecksumType]).toEqual([composite, 'COMPOSITE']);
      // One part: its own checksum, which the SDK checks the part's bytes against.
      const part = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, PartNumber: 2, ChecksumMode: 'ENABLED' }));
      expect(Buffer.from(await part.Body!.transformToByteArray()).equals(parts[1]!)).toBe(true);
      expect([part[field(algorithm)], part.ChecksumType]).toEqual([checksumOf(algorithm, parts[1]!), 'COMPOSITE']);
    },
  );

  it('refuses a type the algorithm does not allow, a part checksum that is not the part’s, and a part in another algorithm', async () => {
    const create = (ChecksumAlgorithm: ChecksumAlgorithm, ChecksumType: ChecksumType) =>
      s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'refused', ChecksumAlgorithm, ChecksumType }));
    expect(await s3ErrorName(create('SHA256', 'FULL_OBJECT'))).toBe('InvalidRequest');
    expect(await s3ErrorName(create('SHA1', 'FULL_OBJECT'))).toBe('InvalidRequest');
    expect(await s3ErrorName(create('CRC64NVME', 'COMPOSITE'))).toBe('InvalidRequest');
    // A type without an algorithm (no SDK sends that: raw HTTP).
    const headers = { 'x-amz-checksum-type': 'COMPOSITE' };
    const typeAlone = await rawS3({ method: 'POST', path: `/${bucket}/t`, query: { uploads: '' }, headers, as: user });
    expect([typeAlone.status, errorCode(typeAlone)]).toEqual([400, 'InvalidRequest']);

    const { UploadId, answers } = await uploadParts('mismatch', 'CRC32C', 'COMPOSITE');
    const wrongAlgorithm = s3.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: 'mismatch',
        UploadId,
        PartNumber: 3,
        Body: parts[1],
        ChecksumAlgorithm: 'SHA1',
      }),
    );
    expect(await s3ErrorName(wrongAlgorithm)).toBe('InvalidRequest');
    const wrongPart = s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'mismatch',
        UploadId,
        MultipartUpload: {
          Parts: answers.map((answer, index) => ({
            PartNumber: index + 1,
            ETag: answer.ETag,
            ChecksumCRC32C: answers[0]!.ChecksumCRC32C,
          })),
        },
      }),
    );
    expect(await s3ErrorName(wrongPart)).toBe('InvalidPart');
  });

  it('keeps with each part the checksum of the bytes that won when one part number is sent twice at once', async () => {
    const key = 'racing-parts';
    const created = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ChecksumAlgorithm: 'CRC32C', ChecksumType: 'FULL_OBJECT' }),
    );
    const UploadId = created.UploadId!;
    const bodies = Array.from({ length: 4 }, () => randomBytes(300_000));
    await Promise.all(
      bodies.map((Body) =>
        s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body, ChecksumAlgorithm: 'CRC32C' })),
      ),
    );
    const [part] = (await s3.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId }))).Parts!;
    const winner = bodies.find((body) => checksumOf('CRC32C', body) === part!.ChecksumCRC32C)!;
    expect(winner).toBeDefined();
    const Parts = [{ PartNumber: 1, ETag: part!.ETag, ChecksumCRC32C: part!.ChecksumCRC32C }];
    const completed = await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts } }),
    );
    expect(completed.ChecksumCRC32C).toBe(checksumOf('CRC32C', winner));
    const read = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
    expect(Buffer.from(await read.Body!.transformToByteArray()).equals(winner)).toBe(true);
  });

  it('CRC64NVME defaults to FULL_OBJECT, SHA1 to COMPOSITE', async () => {
    for (const [algorithm, type] of [
      ['CRC64NVME', 'FULL_OBJECT'],
      ['SHA1', 'COMPOSITE'],
    ] as const) {
      const created = await s3.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'defaults', ChecksumAlgorithm: algorithm }),
      );
      expect([created.ChecksumAlgorithm, created.ChecksumType]).toEqual([algorithm, type]);
    }
  });
});
