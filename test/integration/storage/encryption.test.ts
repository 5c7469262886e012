import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketEncryptionCommand,
  GetBucketEncryptionCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketEncryptionCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { blobIdsOf } from '../../../lib/storage/model/object-record';
import { ObjectRepository } from '../../../lib/storage/store/object-repository';
import { S3BlobStore } from '../../../lib/storage/store/s3-blob-store';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { scanAll } from '../../support/scan-all';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { stage, logFile } = testStack();
const objects = new ObjectRepository(stage.clients.documents, stage.names.storageTable);
const blobStore = new S3BlobStore(stage.clients.s3, stage.names.blobBucket);
const MiB = 1024 * 1024;

const customerKey = (key = randomBytes(32)) => ({
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: key.toString('base64'),
  SSECustomerKeyMD5: createHash('md5').update(key).digest('base64'),
});
const KEY_A = customerKey();
const KEY_B = customerKey();
const KMS = { ServerSideEncryption: 'aws:kms' as const, SSEKMSKeyId: 'testkey-1' };

let s3: S3Client;
let user: StorageCredentials;
let bucket: string;

beforeAll(async () => {
  user = await newStorageUser('sse');
  s3 = sdkClient(user);
  bucket = uniqueBucket('sse');
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

const body = async (promise: Promise<{ Body?: { transformToByteArray(): Promise<Uint8Array> } }>) =>
  Buffer.from(await (await promise).Body!.transformToByteArray());

/** The object's bytes exactly as the blob bucket holds them (every part blob, in order). */
async function bytesAtRest(bucketName: string, key: string): Promise<Buffer> {
  const record = await objects.get(bucketName, key);
  const blobs = await Promise.all(blobIdsOf(record!).map((blobId) => blobStore.get(blobId)));
  return Buffer.concat(blobs as Buffer[]);
}

/** Ciphertext: same length, and no 32-byte window of the plaintext appears in it. */
function expectCiphertextOf(stored: Buffer, plaintext: Buffer) {
  expect(stored.length).toBe(plaintext.length);
  expect(stored.equals(plaintext)).toBe(false);
  for (let at = 0; at + 32 <= plaintext.length; at += Math.max(32, Math.floor(plaintext.length / 64))) {
    expect(stored.includes(plaintext.subarray(at, at + 32))).toBe(false);
  }
}

describe('SSE-C', () => {
  const data = randomBytes(300_000);

  it('stores ciphertext, echoes the key MD5, and reads back only with the same key (ranges byte-exact)', async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'c/one', Body: data, ...KEY_A }));
    expect(put.SSECustomerAlgorithm).toBe('AES256');
    expect(put.SSECustomerKeyMD5).toBe(KEY_A.SSECustomerKeyMD5);
    expect(put.ETag).toBe(`"${createHash('md5').update(data).digest('hex')}"`);
    expectCiphertextOf(await bytesAtRest(bucket, 'c/one'), data);

    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'c/one', ...KEY_A }));
    expect(head.SSECustomerKeyMD5).toBe(KEY_A.SSECustomerKeyMD5);
    expect((await body(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'c/one', ...KEY_A })))).equals(data)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [5, 20],
      [17, 65_553],
      [299_990, 299_999],
    ] as const) {
      const range = await body(
        s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'c/one', Range: `bytes=${start}-${end}`, ...KEY_A })),
      );
      expect(range.equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers a GET or HEAD without the key 400 InvalidRequest, with another key 403 AccessDenied', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'c/two', Body: 'secret', ...KEY_A }));
    expect(await s3ErrorName(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'c/two' })))).toBe('InvalidRequest');
    expect(await s3ErrorName(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'c/two', ...KEY_B })))).toBe('AccessDenied');
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'c/two' })).catch((error) => error);
    expect(head.$metadata.httpStatusCode).toBe(400);
    const wrongHead = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'c/two', ...KEY_B })).catch((error) => error);
    expect(wrongHead.$metadata.httpStatusCode).toBe(403);
  });

  it('refuses a bad key MD5, a short key or SSE-C mixed with SSE-KMS, before writing anything (raw headers: SDKs fix them)', async () => {
    const sseC = (key: string, md5: string) => ({
      'x-amz-server-side-encryption-customer-algorithm': 'AES256',
      'x-amz-server-side-encryption-customer-key': key,
      'x-amz-server-side-encryption-customer-key-md5': md5,
    });
    const short = randomBytes(16);
    for (const headers of [
      sseC(KEY_A.SSECustomerKey, KEY_B.SSECustomerKeyMD5),
      sseC(short.toString('base64'), createHash('md5').update(short).digest('base64')),
      { ...sseC(KEY_A.SSECustomerKey, KEY_A.SSECustomerKeyMD5), 'x-amz-server-side-encryption': 'aws:kms' },
    ]) {
      const response = await rawS3({ method: 'PUT', path: `/${bucket}/c/bad`, headers, body: 'x', as: user });
      expect([response.status, errorCode(response)]).toEqual([400, 'InvalidArgument']);
    }
    expect(await objects.get(bucket, 'c/bad')).toBeUndefined();
  });

  it('encrypts every part of a multipart upload with the key; ranges across parts and ?partNumber are byte-exact', async () => {
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB + 7), randomBytes(1000)];
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'c/multi', ...KEY_A }));
    const noKey = new UploadPartCommand({ Bucket: bucket, Key: 'c/multi', UploadId, PartNumber: 1, Body: parts[0] });
    expect(await s3ErrorName(s3.send(noKey))).toBe('InvalidRequest');
    const etags = [];
    for (const [index, part] of parts.entries()) {
      const uploaded = await s3.send(
        new UploadPartCommand({ Bucket: bucket, Key: 'c/multi', UploadId, PartNumber: index + 1, Body: part, ...KEY_A }),
      );
      expect(uploaded.SSECustomerKeyMD5).toBe(KEY_A.SSECustomerKeyMD5);
      etags.push({ ETag: uploaded.ETag, PartNumber: index + 1 });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'c/multi',
        UploadId,
        MultipartUpload: { Parts: etags },
        ...KEY_A,
      }),
    );
    const whole = Buffer.concat(parts);
    expectCiphertextOf(await bytesAtRest(bucket, 'c/multi'), whole);
    const start = 5 * MiB - 10;
    const end = 10 * MiB + 20;
    const range = await body(
      s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'c/multi', Range: `bytes=${start}-${end}`, ...KEY_A })),
    );
    expect(range.equals(whole.subarray(start, end + 1))).toBe(true);
    const second = await body(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'c/multi', PartNumber: 2, ...KEY_A })));
    expect(second.equals(parts[1]!)).toBe(true);
    expect(await s3ErrorName(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'c/multi', ...KEY_B })))).toBe('AccessDenied');
  });

  it('keeps the customer key out of the storage table and the log', async () => {
    const items = JSON.stringify(await scanAll({ TableName: stage.names.storageTable }));
    const log = readFileSync(logFile, 'utf8');
    for (const key of [KEY_A, KEY_B]) {
      const hex = Buffer.from(key.SSECustomerKey, 'base64').toString('hex');
      for (const form of [key.SSECustomerKey, hex]) {
        expect(items).not.toContain(form);
        expect(log).not.toContain(form);
      }
    }
    expect(items).toContain(KEY_A.SSECustomerKeyMD5);
  });
});

describe('SSE-KMS and SSE-S3', () => {
  it('encrypts under the named KMS key, echoes it on PUT, GET and HEAD, and serves ranges', async () => {
    const data = randomBytes(100_000);
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k/one', Body: data, ...KMS }));
    expect([put.ServerSideEncryption, put.SSEKMSKeyId]).toEqual(['aws:kms', 'testkey-1']);
    expectCiphertextOf(await bytesAtRest(bucket, 'k/one'), data);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'k/one' }));
    expect([head.ServerSideEncryption, head.SSEKMSKeyId]).toEqual(['aws:kms', 'testkey-1']);
    const range = await body(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'k/one', Range: 'bytes=33-70000' })));
    expect(range.equals(data.subarray(33, 70_001))).toBe(true);
  });

  it('refuses an unknown KMS key with 400 KMS.NotFoundException and writes nothing', async () => {
    const unknown = new PutObjectCommand({
      Bucket: bucket,
      Key: 'k/none',
      Body: 'x',
      ServerSideEncryption: 'aws:kms',
      SSEKMSKeyId: 'nope',
    });
    const error = await s3.send(unknown).catch((caught) => caught);
    expect([error.name, error.$metadata.httpStatusCode]).toEqual(['KMS.NotFoundException', 400]);
    expect(await objects.get(bucket, 'k/none')).toBeUndefined();
  });

  it('SSE-S3 (AES256) wraps the data key under the stage key; the bytes at rest are ciphertext', async () => {
    const data = randomBytes(4096);
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 's/one', Body: data, ServerSideEncryption: 'AES256' }));
    expect(put.ServerSideEncryption).toBe('AES256');
    expectCiphertextOf(await bytesAtRest(bucket, 's/one'), data);
    expect((await body(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 's/one' })))).equals(data)).toBe(true);
  });

  it('multipart SSE-KMS: one data key for every part, ranges across parts byte-exact', async () => {
    const parts = [randomBytes(5 * MiB), randomBytes(123_457)];
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'k/multi', ...KMS }));
    const etags = [];
    for (const [index, part] of parts.entries()) {
      const uploaded = await s3.send(
        new UploadPartCommand({ Bucket: bucket, Key: 'k/multi', UploadId, PartNumber: index + 1, Body: part }),
      );
      etags.push({ ETag: uploaded.ETag, PartNumber: index + 1 });
    }
    const done = await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'k/multi', UploadId, MultipartUpload: { Parts: etags } }),
    );
    expect(done.SSEKMSKeyId).toBe('testkey-1');
    const whole = Buffer.concat(parts);
    expectCiphertextOf(await bytesAtRest(bucket, 'k/multi'), whole);
    const range = await body(
      s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'k/multi', Range: `bytes=${5 * MiB - 3}-${5 * MiB + 99}` })),
    );
    expect(range.equals(whole.subarray(5 * MiB - 3, 5 * MiB + 100))).toBe(true);
  });
});

describe('bucket default encryption', () => {
  it('PUT/GET/DELETE ?encryption; the default applies to new objects that name none', async () => {
    const name = uniqueBucket('ssedefault');
    await s3.send(new CreateBucketCommand({ Bucket: name }));
    expect(await s3ErrorName(s3.send(new GetBucketEncryptionCommand({ Bucket: name })))).toBe(
      'ServerSideEncryptionConfigurationNotFoundError',
    );
    await s3.send(
      new PutBucketEncryptionCommand({
        Bucket: name,
        ServerSideEncryptionConfiguration: {
          Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'testkey-2' } }],
        },
      }),
    );
    const got = await s3.send(new GetBucketEncryptionCommand({ Bucket: name }));
    expect(got.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: 'aws:kms',
      KMSMasterKeyID: 'testkey-2',
    });
    const data = randomBytes(2048);
    const put = await s3.send(new PutObjectCommand({ Bucket: name, Key: 'd', Body: data }));
    expect([put.ServerSideEncryption, put.SSEKMSKeyId]).toEqual(['aws:kms', 'testkey-2']);
    expectCiphertextOf(await bytesAtRest(name, 'd'), data);
    // Headers on the write win over the default.
    const own = await s3.send(new PutObjectCommand({ Bucket: name, Key: 'e', Body: data, ...KEY_A }));
    expect(own.SSECustomerKeyMD5).toBe(KEY_A.SSECustomerKeyMD5);
    await s3.send(new DeleteBucketEncryptionCommand({ Bucket: name }));
    expect(await s3ErrorName(s3.send(new GetBucketEncryptionCommand({ Bucket: name })))).toBe(
      'ServerSideEncryptionConfigurationNotFoundError',
    );
    const plain = await s3.send(new PutObjectCommand({ Bucket: name, Key: 'f', Body: data }));
    expect(plain.ServerSideEncryption).toBeUndefined();
    expect((await bytesAtRest(name, 'f')).equals(data)).toBe(true);
  });
});

describe('copies', () => {
  const copySourceKey = {
    CopySourceSSECustomerAlgorithm: 'AES256',
    CopySourceSSECustomerKey: KEY_A.SSECustomerKey,
    CopySourceSSECustomerKeyMD5: KEY_A.SSECustomerKeyMD5,
  };

  it('decrypts an SSE-C source with its key and encrypts the copy as the target headers say', async () => {
    const data = randomBytes(50_000);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'x/src', Body: data, ...KEY_A }));
    const source = { Bucket: bucket, CopySource: `${bucket}/x/src` };
    expect(await s3ErrorName(s3.send(new CopyObjectCommand({ ...source, Key: 'x/nokey', ...KMS })))).toBe('InvalidRequest');
    const toKms = await s3.send(new CopyObjectCommand({ ...source, Key: 'x/kms', ...KMS, ...copySourceKey }));
    expect(toKms.SSEKMSKeyId).toBe('testkey-1');
    expectCiphertextOf(await bytesAtRest(bucket, 'x/kms'), data);
    expect((await body(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'x/kms' })))).equals(data)).toBe(true);
    await s3.send(new CopyObjectCommand({ ...source, Key: 'x/rekeyed', ...KEY_B, ...copySourceKey }));
    expect((await body(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'x/rekeyed', ...KEY_B })))).equals(data)).toBe(true);
    await s3.send(new CopyObjectCommand({ ...source, Key: 'x/plain', ...copySourceKey }));
    expect((await bytesAtRest(bucket, 'x/plain')).equals(data)).toBe(true);
  });

  it('UploadPartCopy takes the source key and encrypts the part as the upload says', async () => {
    const data = randomBytes(5 * MiB + 11);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'x/big', Body: data, ...KEY_A }));
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'x/assembled', ...KMS }));
    const copied = await s3.send(
      new UploadPartCopyCommand({
        Bucket: bucket,
        Key: 'x/assembled',
        UploadId,
        PartNumber: 1,
        CopySource: `${bucket}/x/big`,
        CopySourceRange: `bytes=0-${5 * MiB - 1}`,
        ...copySourceKey,
      }),
    );
    const tail = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: 'x/assembled', UploadId, PartNumber: 2, Body: data.subarray(5 * MiB) }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'x/assembled',
        UploadId,
        MultipartUpload: {
          Parts: [
            { ETag: copied.CopyPartResult?.ETag, PartNumber: 1 },
            { ETag: tail.ETag, PartNumber: 2 },
          ],
        },
      }),
    );
    expectCiphertextOf(await bytesAtRest(bucket, 'x/assembled'), data);
    expect((await body(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'x/assembled' })))).equals(data)).toBe(true);
  });
});
