import { createHash, randomBytes } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectAttributesCommand,
  type ObjectAttributes,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeChecksum } from '../../../lib/storage/model/checksum-algorithms';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const MiB = 1024 * 1024;
const ALL: ObjectAttributes[] = ['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize'];
const bucket = uniqueBucket('attributes');
const versioned = uniqueBucket('attributes-v');
let user: StorageCredentials;
let stranger: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  [user, stranger] = await Promise.all([newStorageUser('attributes'), newStorageUser('attributes-other')]);
  s3 = sdkClient(user);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new CreateBucketCommand({ Bucket: versioned }));
  await s3.send(new PutBucketVersioningCommand({ Bucket: versioned, VersioningConfiguration: { Status: 'Enabled' } }));
});

const attributes = (input: Partial<ConstructorParameters<typeof GetObjectAttributesCommand>[0]>) =>
  s3.send(new GetObjectAttributesCommand({ Bucket: bucket, Key: 'x', ObjectAttributes: ALL, ...input }));

describe('GetObjectAttributes through @aws-sdk/client-s3', () => {
  it('answers a single-request object: ETag without quotes, its checksum, size, storage class, no parts', async () => {
    const body = randomBytes(3000);
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'single', Body: body, ChecksumAlgorithm: 'SHA256' }));
    const got = await attributes({ Key: 'single' });
    expect(got.ETag).toBe(put.ETag!.replace(/"/g, ''));
    expect(got.Checksum).toEqual({ ChecksumSHA256: computeChecksum('sha256', body), ChecksumType: 'FULL_OBJECT' });
    expect([got.ObjectSize, got.StorageClass, got.ObjectParts, got.VersionId]).toEqual([3000, 'STANDARD', undefined, undefined]);
    expect(got.LastModified).toBeInstanceOf(Date);
    // Only what was asked for.
    const some = await attributes({ Key: 'single', ObjectAttributes: ['ObjectSize'] });
    expect([some.ObjectSize, some.ETag, some.Checksum, some.StorageClass]).toEqual([3000, undefined, undefined, undefined]);
  });

  it('lists a multipart object’s parts with their checksums, paged by MaxParts and PartNumberMarker', async () => {
    const key = 'multipart';
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(1234)];
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ChecksumAlgorithm: 'CRC32C' }),
    );
    // Part numbers 1, 2, 5, 7: ObjectParts names the numbers the parts were uploaded as.
    const numbers = [1, 2, 5, 7];
    const sent = [];
    for (const [index, body] of parts.entries()) {
      const PartNumber = numbers[index]!;
      const answer = await s3.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: body, ChecksumAlgorithm: 'CRC32C' }),
      );
      sent.push({ PartNumber, ETag: answer.ETag });
    }
    const completed = await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: sent } }),
    );
    const all = await attributes({ Key: key });
    expect(all.ETag).toBe(completed.ETag!.replace(/"/g, ''));
    expect(all.Checksum).toEqual({ ChecksumCRC32C: completed.ChecksumCRC32C, ChecksumType: 'COMPOSITE' });
    expect(all.ObjectSize).toBe(15 * MiB + 1234);
    expect(all.ObjectParts).toMatchObject({ TotalPartsCount: 4, PartNumberMarker: '0', MaxParts: 1000, IsTruncated: false });
    expect(all.ObjectParts?.Parts).toEqual(
      parts.map((body, index) => ({
        PartNumber: numbers[index],
        Size: body.length,
        ChecksumCRC32C: computeChecksum('crc32c', body),
      })),
    );

    const page = await attributes({ Key: key, MaxParts: 1, PartNumberMarker: '2' });
    expect(page.ObjectParts).toMatchObject({ PartNumberMarker: '2', NextPartNumberMarker: '5', MaxParts: 1, IsTruncated: true });
    expect(page.ObjectParts?.Parts?.map((part) => part.PartNumber)).toEqual([5]);
    const last = await attributes({ Key: key, MaxParts: 10, PartNumberMarker: '5' });
    expect(last.ObjectParts).toMatchObject({ IsTruncated: false, NextPartNumberMarker: '7' });
    expect(last.ObjectParts?.Parts?.map((part) => part.PartNumber)).toEqual([7]);

    // A copy keeps the parts; one whose checksum is recomputed in another algorithm keeps no part checksums.
    await s3.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'copied', CopySource: `${bucket}/${key}`, ChecksumAlgorithm: 'SHA1' }),
    );
    const copied = await attributes({ Key: 'copied' });
    expect(copied.Checksum).toEqual({ ChecksumSHA1: computeChecksum('sha1', Buffer.concat(parts)), ChecksumType: 'FULL_OBJECT' });
    expect(copied.ObjectParts?.Parts).toEqual(parts.map((body, index) => ({ PartNumber: numbers[index], Size: body.length })));
  });

  it('reads a version by id and names it; a delete marker is a 404, as GET answers', async () => {
    const first = await s3.send(new PutObjectCommand({ Bucket: versioned, Key: 'v', Body: 'first' }));
    await s3.send(new PutObjectCommand({ Bucket: versioned, Key: 'v', Body: 'second, longer' }));
    const current = await attributes({ Bucket: versioned, Key: 'v' });
    expect(current.ObjectSize).toBe(14);
    expect(current.VersionId).toBeDefined();
    const old = await attributes({ Bucket: versioned, Key: 'v', VersionId: first.VersionId });
    expect([old.ObjectSize, old.VersionId]).toEqual([5, first.VersionId]);
    expect(await s3ErrorName(attributes({ Key: 'missing' }))).toBe('NoSuchKey');
    await s3.send(new DeleteObjectCommand({ Bucket: versioned, Key: 'v' }));
    expect(await s3ErrorName(attributes({ Bucket: versioned, Key: 'v' }))).toBe('NoSuchKey');
    // The versions under the marker are still there by id.
    expect((await attributes({ Bucket: versioned, Key: 'v', VersionId: first.VersionId })).ObjectSize).toBe(5);
  });

  it('needs the SSE-C key of an SSE-C object, and GET’s permission', async () => {
    const key = randomBytes(32);
    const sse = {
      SSECustomerAlgorithm: 'AES256',
      SSECustomerKey: key.toString('base64'),
      SSECustomerKeyMD5: createHash('md5').update(key).digest('base64'),
    };
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'sse-c', Body: 'secret', ...sse }));
    expect(await s3ErrorName(attributes({ Key: 'sse-c' }))).toBe('InvalidRequest');
    expect((await attributes({ Key: 'sse-c', ...sse })).ObjectSize).toBe(6);
    const other = sdkClient(stranger).send(
      new GetObjectAttributesCommand({ Bucket: bucket, Key: 'single', ObjectAttributes: ALL }),
    );
    expect(await s3ErrorName(other)).toBe('AccessDenied');
  });

  it('refuses a missing or unknown attribute name with S3’s 400', async () => {
    for (const value of [undefined, 'ETag,Colour']) {
      const response = await rawS3({
        method: 'GET',
        path: `/${bucket}/single`,
        query: { attributes: '' },
        headers: value === undefined ? {} : { 'x-amz-object-attributes': value },
        as: user,
      });
      expect([response.status, errorCode(response)]).toEqual([400, 'InvalidArgument']);
    }
  });
});
