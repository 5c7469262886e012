import { createHash, randomBytes } from 'node:crypto';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetBucketLocationCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let other: StorageCredentials;
let s3: S3Client;
const bucket = uniqueBucket('sdk');

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as S3ServiceException;
  }
  throw new Error('expected the call to fail');
};

beforeAll(async () => {
  owner = await newStorageUser('sdk');
  other = await newStorageUser('sdk-other');
  s3 = sdkClient(owner);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

describe('S3 through @aws-sdk/client-s3 with default settings (SigV4, CRC32, aws-chunked)', () => {
  it('pages ListBuckets with max-buckets and a continuation token; anonymous callers own no bucket (RGW)', async () => {
    const pager = sdkClient(await newStorageUser('sdk-pager'));
    const names = ['pg-a', 'pg-b', 'pg-c'].map((label) => uniqueBucket(label)).sort();
    for (const Bucket of names) await pager.send(new CreateBucketCommand({ Bucket }));
    const first = await pager.send(new ListBucketsCommand({ MaxBuckets: 2 }));
    expect(first.Buckets?.map((b) => b.Name)).toEqual(names.slice(0, 2));
    const rest = await pager.send(new ListBucketsCommand({ MaxBuckets: 2, ContinuationToken: first.ContinuationToken }));
    expect([rest.Buckets?.map((b) => b.Name), rest.ContinuationToken]).toEqual([names.slice(2), undefined]);
    const anonymous = await fetch(`${testStack().baseUrl}/`);
    expect([anonymous.status, await anonymous.text()]).toEqual([200, expect.stringContaining('<Buckets></Buckets>')]);
  });

  it('lists only the caller’s buckets, and refuses a taken name', async () => {
    const mine = await s3.send(new ListBucketsCommand({}));
    expect(mine.Buckets?.map((b) => b.Name)).toContain(bucket);
    expect(mine.Owner?.ID).toBe(owner.id);
    const theirs = await sdkClient(other).send(new ListBucketsCommand({}));
    expect(theirs.Buckets?.map((b) => b.Name) ?? []).not.toContain(bucket);
    expect((await errorOf(s3.send(new CreateBucketCommand({ Bucket: bucket, ACL: 'public-read' })))).name).toBe(
      'BucketAlreadyExists',
    );
    expect((await errorOf(sdkClient(other).send(new CreateBucketCommand({ Bucket: bucket })))).name).toBe('BucketAlreadyExists');
    expect((await errorOf(s3.send(new CreateBucketCommand({ Bucket: 'Bad_Name' })))).name).toBe('InvalidBucketName');
  });

  it('records the LocationConstraint and answers HEAD bucket', async () => {
    const eu = uniqueBucket('eu');
    const client = sdkClient(owner, 'eu-west-1');
    await client.send(new CreateBucketCommand({ Bucket: eu, CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' } }));
    expect((await client.send(new GetBucketLocationCommand({ Bucket: eu }))).LocationConstraint).toBe('eu-west-1');
    expect((await s3.send(new GetBucketLocationCommand({ Bucket: bucket }))).LocationConstraint).toBeUndefined();
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
    expect((await errorOf(s3.send(new HeadBucketCommand({ Bucket: uniqueBucket('none') })))).$metadata.httpStatusCode).toBe(404);
    await client.send(new DeleteBucketCommand({ Bucket: eu }));
  });

  it('puts and gets 1 MiB byte-exact, with metadata and content headers', async () => {
    const body = randomBytes(1024 * 1024);
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'dir/big.bin',
        Body: body,
        ContentType: 'image/png',
        CacheControl: 'max-age=60',
        ContentDisposition: 'attachment; filename="big.bin"',
        Metadata: { colour: 'blue' },
      }),
    );
    const md5 = createHash('md5').update(body).digest('hex');
    expect(put.ETag).toBe(`"${md5}"`);
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'dir/big.bin' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    expect(got.ContentType).toBe('image/png');
    expect(got.CacheControl).toBe('max-age=60');
    expect(got.Metadata).toEqual({ colour: 'blue' });
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'dir/big.bin' }));
    expect(head.ContentLength).toBe(body.length);
    expect(head.ETag).toBe(`"${md5}"`);
    const range = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'dir/big.bin', Range: 'bytes=10-19' }));
    expect(Buffer.from(await range.Body!.transformToByteArray()).equals(body.subarray(10, 20))).toBe(true);
    expect(range.ContentRange).toBe(`bytes 10-19/${body.length}`);
  });

  it('copies with COPY and REPLACE directives, and refuses a copy onto itself without REPLACE', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'src+ key', Body: 'copy me', Metadata: { a: '1' } }));
    const copied = await s3.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'dst', CopySource: `${bucket}/${encodeURIComponent('src+ key')}` }),
    );
    expect(copied.CopyObjectResult?.ETag).toBe(`"${createHash('md5').update('copy me').digest('hex')}"`);
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'dst' }))).Metadata).toEqual({ a: '1' });
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'dst',
        CopySource: `${bucket}/dst`,
        MetadataDirective: 'REPLACE',
        Metadata: { b: '2' },
        ContentType: 'text/plain',
      }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'dst' }));
    expect(head.Metadata).toEqual({ b: '2' });
    expect(head.ContentType).toBe('text/plain');
    expect(
      (await errorOf(s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'dst', CopySource: `${bucket}/dst` })))).name,
    ).toBe('InvalidRequest');
    const failed = await errorOf(
      s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'x', CopySource: `${bucket}/dst`, CopySourceIfMatch: '"nope"' })),
    );
    expect(failed.$metadata.httpStatusCode).toBe(412);
  });

  it('lists with v1 and v2, prefixes and delimiters', async () => {
    const b = uniqueBucket('list');
    await s3.send(new CreateBucketCommand({ Bucket: b }));
    for (const key of ['a/1', 'a/2', 'b', 'c/d/e', 'c/f'])
      await s3.send(new PutObjectCommand({ Bucket: b, Key: key, Body: key }));
    const v2 = await s3.send(new ListObjectsV2Command({ Bucket: b, Delimiter: '/' }));
    expect(v2.Contents?.map((c) => c.Key)).toEqual(['b']);
    expect(v2.CommonPrefixes?.map((c) => c.Prefix)).toEqual(['a/', 'c/']);
    expect(v2.KeyCount).toBe(3);
    const paged = await s3.send(new ListObjectsV2Command({ Bucket: b, MaxKeys: 2 }));
    expect(paged.IsTruncated).toBe(true);
    const rest = await s3.send(new ListObjectsV2Command({ Bucket: b, ContinuationToken: paged.NextContinuationToken }));
    expect([...(paged.Contents ?? []), ...(rest.Contents ?? [])].map((c) => c.Key)).toEqual(['a/1', 'a/2', 'b', 'c/d/e', 'c/f']);
    const v1 = await s3.send(new ListObjectsCommand({ Bucket: b, Prefix: 'c/', Delimiter: '/', MaxKeys: 1 }));
    expect(v1.CommonPrefixes?.map((c) => c.Prefix)).toEqual(['c/d/']);
    expect(v1.NextMarker).toBe('c/d/');
    const v1next = await s3.send(new ListObjectsCommand({ Bucket: b, Prefix: 'c/', Delimiter: '/', Marker: v1.NextMarker }));
    expect(v1next.Contents?.map((c) => c.Key)).toEqual(['c/f']);
    expect((await errorOf(s3.send(new DeleteBucketCommand({ Bucket: b })))).name).toBe('BucketNotEmpty');
    for (const key of ['a/1', 'a/2', 'b', 'c/d/e', 'c/f']) await s3.send(new DeleteObjectCommand({ Bucket: b, Key: key }));
    await s3.send(new DeleteBucketCommand({ Bucket: b }));
  });

  it('serves presigned GET and PUT URLs, and refuses other users', async () => {
    const putUrl = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: 'presigned' }), { expiresIn: 60 });
    expect((await fetch(putUrl, { method: 'PUT', body: 'via url' })).status).toBe(200);
    const getUrl = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'presigned' }), { expiresIn: 60 });
    const response = await fetch(getUrl);
    expect(await response.text()).toBe('via url');
    const denied = await errorOf(sdkClient(other).send(new GetObjectCommand({ Bucket: bucket, Key: 'presigned' })));
    expect(denied.name).toBe('AccessDenied');
    expect((await errorOf(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'missing' })))).name).toBe('NoSuchKey');
  });
});
