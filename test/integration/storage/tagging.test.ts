import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketTaggingCommand,
  DeleteObjectTaggingCommand,
  GetBucketTaggingCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutBucketTaggingCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let other: StorageCredentials;
let s3: S3Client;
let s3Other: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('tagger');
  other = await newStorageUser('tag-other');
  s3 = sdkClient(owner);
  s3Other = sdkClient(other);
});

const tagSet = (...pairs: [string, string][]) => pairs.map(([Key, Value]) => ({ Key, Value }));
const tagsOf = async (Bucket: string, Key: string, VersionId?: string) =>
  (await s3.send(new GetObjectTaggingCommand({ Bucket, Key, VersionId }))).TagSet;

async function newBucket(label: string, extra: { ACL?: 'public-read' } = {}): Promise<string> {
  const bucket = uniqueBucket(label);
  await s3.send(new CreateBucketCommand({ Bucket: bucket, ...extra }));
  return bucket;
}

describe('object tagging', () => {
  it('PUT/GET/DELETE ?tagging, x-amz-tagging on PUT, x-amz-tagging-count on GET and HEAD', async () => {
    const bucket = await newBucket('tags');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a.txt', Body: 'a', Tagging: 'project=blue&empty' }));
    expect(await tagsOf(bucket, 'a.txt')).toEqual(tagSet(['empty', ''], ['project', 'blue']));
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'a.txt' }));
    expect(got.TagCount).toBe(2);
    await got.Body!.transformToString();

    await s3.send(new PutObjectTaggingCommand({ Bucket: bucket, Key: 'a.txt', Tagging: { TagSet: tagSet(['k', 'v']) } }));
    expect(await tagsOf(bucket, 'a.txt')).toEqual(tagSet(['k', 'v']));
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'a.txt' }))).TagCount).toBe(1);

    await s3.send(new DeleteObjectTaggingCommand({ Bucket: bucket, Key: 'a.txt' }));
    expect(await tagsOf(bucket, 'a.txt')).toEqual([]);
    // No tags: no header at all.
    const head = await rawS3({ method: 'HEAD', path: `/${bucket}/a.txt`, as: owner });
    expect(head.headers['x-amz-tagging-count']).toBeUndefined();
    // Tags of a key that does not exist.
    expect(await s3ErrorName(s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: 'nope' })))).toBe('NoSuchKey');
  });

  it("refuses what breaks S3's limits with 400 InvalidTag, and leaves the tags as they were", async () => {
    const bucket = await newBucket('taglimits');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'o', Body: 'o', Tagging: 'keep=1' }));
    const put = (TagSet: { Key: string; Value: string }[]) =>
      s3ErrorName(s3.send(new PutObjectTaggingCommand({ Bucket: bucket, Key: 'o', Tagging: { TagSet } })));
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
    expect(await put(many(11))).toBe('InvalidTag');
    expect(await put([{ Key: 'k'.repeat(129), Value: 'v' }])).toBe('InvalidTag');
    expect(await put([{ Key: 'k', Value: 'v'.repeat(257) }])).toBe('InvalidTag');
    expect(await put(tagSet(['dup', '1'], ['dup', '2']))).toBe('InvalidTag');
    expect(await tagsOf(bucket, 'o')).toEqual(tagSet(['keep', '1']));
    expect(await put(many(10))).toBe('succeeded');
    const tooMany = Array.from({ length: 11 }, (_, i) => `k${i}=v`).join('&');
    expect(await s3ErrorName(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'p', Body: 'p', Tagging: tooMany })))).toBe(
      'InvalidTag',
    );
    const malformed = await rawS3({ method: 'PUT', path: `/${bucket}/o`, query: { tagging: '' }, body: '<Tagging>', as: owner });
    expect([malformed.status, errorCode(malformed)]).toEqual([400, 'MalformedXML']);
  });

  it('tags each version on its own (versionId), and answers with the version it touched', async () => {
    const bucket = await newBucket('tagvers');
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    const first = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'v', Body: '1', Tagging: 'gen=1' }));
    const second = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'v', Body: '2', Tagging: 'gen=2' }));
    const put = await s3.send(
      new PutObjectTaggingCommand({
        Bucket: bucket,
        Key: 'v',
        VersionId: first.VersionId,
        Tagging: { TagSet: tagSet(['old', 'yes']) },
      }),
    );
    expect(put.VersionId).toBe(first.VersionId);
    expect(await tagsOf(bucket, 'v', first.VersionId)).toEqual(tagSet(['old', 'yes']));
    expect(await tagsOf(bucket, 'v')).toEqual(tagSet(['gen', '2']));
    await s3.send(new DeleteObjectTaggingCommand({ Bucket: bucket, Key: 'v' }));
    expect(await tagsOf(bucket, 'v', second.VersionId)).toEqual([]);
    expect(await tagsOf(bucket, 'v', first.VersionId)).toEqual(tagSet(['old', 'yes']));
  });

  it('copies tags (x-amz-tagging-directive COPY by default, REPLACE takes the request’s) and applies a multipart upload’s at completion', async () => {
    const bucket = await newBucket('tagcopy');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: 'src', Tagging: 'from=source' }));
    await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy', CopySource: `${bucket}/src`, Tagging: 'ignored=1' }));
    expect(await tagsOf(bucket, 'copy')).toEqual(tagSet(['from', 'source']));
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'replaced',
        CopySource: `${bucket}/src`,
        TaggingDirective: 'REPLACE',
        Tagging: 'new=1',
      }),
    );
    expect(await tagsOf(bucket, 'replaced')).toEqual(tagSet(['new', '1']));
    const bad = await rawS3({
      method: 'PUT',
      path: `/${bucket}/bad`,
      headers: { 'x-amz-copy-source': `/${bucket}/src`, 'x-amz-tagging-directive': 'MERGE' },
      as: owner,
    });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'InvalidArgument']);

    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'mp', Tagging: 'Hello=World&foo=bar' }),
    );
    const part = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'mp', UploadId, PartNumber: 1, Body: 'x' }));
    expect(await s3ErrorName(s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: 'mp' })))).toBe('NoSuchKey');
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'mp',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(await tagsOf(bucket, 'mp')).toEqual(tagSet(['Hello', 'World'], ['foo', 'bar']));
  });

  it('takes POST Object’s tagging field (an XML document)', async () => {
    const writable = uniqueBucket('tagpostw');
    await s3.send(new CreateBucketCommand({ Bucket: writable, ACL: 'public-read-write' }));
    const form = new FormData();
    form.append('key', 'posted.txt');
    // An anonymous upload belongs to anonymous: public-read lets the bucket owner read its tags.
    form.append('acl', 'public-read');
    form.append(
      'tagging',
      '<Tagging><TagSet><Tag><Key>0</Key><Value>0</Value></Tag><Tag><Key>1</Key><Value>1</Value></Tag></TagSet></Tagging>',
    );
    form.append('file', new Blob(['bar']), 'bar.txt');
    const { baseUrl } = testStack();
    expect((await fetch(`${baseUrl}/${writable}`, { method: 'POST', body: form })).status).toBe(204);
    expect(await tagsOf(writable, 'posted.txt')).toEqual(tagSet(['0', '0'], ['1', '1']));
  });

  it('lets READ holders read tags, and only the object or bucket owner change them', async () => {
    const bucket = await newBucket('tagacl', { ACL: 'public-read' });
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'pub', Body: 'p', ACL: 'public-read', Tagging: 'a=1' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'priv', Body: 'p', Tagging: 'a=1' }));
    expect((await s3Other.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: 'pub' }))).TagSet).toEqual(tagSet(['a', '1']));
    expect(await s3ErrorName(s3Other.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: 'priv' })))).toBe('AccessDenied');
    const change = new PutObjectTaggingCommand({ Bucket: bucket, Key: 'pub', Tagging: { TagSet: [] } });
    expect(await s3ErrorName(s3Other.send(change))).toBe('AccessDenied');
    expect(await s3ErrorName(s3Other.send(new DeleteObjectTaggingCommand({ Bucket: bucket, Key: 'pub' })))).toBe('AccessDenied');
    expect(await tagsOf(bucket, 'pub')).toEqual(tagSet(['a', '1']));
  });
});

describe('bucket tagging', () => {
  it('GET with none is 404 NoSuchTagSet; PUT replaces (50 at most), DELETE removes; the bucket owner only', async () => {
    const bucket = await newBucket('btags');
    expect(await s3ErrorName(s3.send(new GetBucketTaggingCommand({ Bucket: bucket })))).toBe('NoSuchTagSet');
    await s3.send(new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: tagSet(['Hello', 'World']) } }));
    expect((await s3.send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet).toEqual(tagSet(['Hello', 'World']));
    const fifty = Array.from({ length: 50 }, (_, i) => ({ Key: `k${i}`, Value: `${i}` }));
    await s3.send(new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: fifty } }));
    expect((await s3.send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet).toHaveLength(50);
    const fiftyOne = [...fifty, { Key: 'one-more', Value: '' }];
    expect(await s3ErrorName(s3.send(new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: fiftyOne } })))).toBe(
      'InvalidTag',
    );
    expect(await s3ErrorName(s3Other.send(new GetBucketTaggingCommand({ Bucket: bucket })))).toBe('AccessDenied');
    const deleted = await rawS3({ method: 'DELETE', path: `/${bucket}`, query: { tagging: '' }, as: owner });
    expect(deleted.status).toBe(204);
    expect(await s3ErrorName(s3.send(new GetBucketTaggingCommand({ Bucket: bucket })))).toBe('NoSuchTagSet');
    expect(await s3ErrorName(s3.send(new DeleteBucketTaggingCommand({ Bucket: bucket })))).toBe('succeeded');
  });
});
