import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const run = promisify(execFile);
let owner: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('condwrite');
  s3 = sdkClient(owner);
});

async function newBucket(label: string, versioned: boolean): Promise<string> {
  const bucket = uniqueBucket(label);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  if (versioned) {
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
  }
  return bucket;
}

const bodyOf = async (bucket: string, key: string) =>
  (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString();

describe('conditional writes (If-None-Match: *, If-Match)', () => {
  for (const versioned of [false, true]) {
    const kind = versioned ? 'versioned' : 'unversioned';

    it(`${kind}: create-if-absent, replace-if-unchanged and delete-if-unchanged, with S3's codes`, async () => {
      const bucket = await newBucket(`cw-${versioned ? 'v' : 'u'}`, versioned);
      const put = (Body: string, conditions: { IfNoneMatch?: string; IfMatch?: string }) =>
        s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body, ...conditions }));
      expect(await s3ErrorName(put('first', { IfNoneMatch: '*' }))).toBe('succeeded');
      expect(await s3ErrorName(put('second', { IfNoneMatch: '*' }))).toBe('PreconditionFailed');
      const { ETag } = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'k' }));
      expect(await s3ErrorName(put('second', { IfMatch: '"00000000000000000000000000000000"' }))).toBe('PreconditionFailed');
      expect(await s3ErrorName(put('second', { IfMatch: ETag }))).toBe('succeeded');
      expect(await bodyOf(bucket, 'k')).toBe('second');
      // The ETag the client saw is stale now: neither a replace nor a delete goes through.
      expect(await s3ErrorName(put('third', { IfMatch: ETag }))).toBe('PreconditionFailed');
      expect(await s3ErrorName(s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k', IfMatch: ETag })))).toBe(
        'PreconditionFailed',
      );
      expect(await bodyOf(bucket, 'k')).toBe('second');
      const current = (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'k' }))).ETag;
      expect(await s3ErrorName(s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k', IfMatch: current })))).toBe(
        'succeeded',
      );
      expect(await s3ErrorName(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'k' })))).toBe('NotFound');
      // If-Match on a key that does not exist (or whose latest version is a delete marker) is 404 NoSuchKey.
      expect(await s3ErrorName(put('x', { IfMatch: current }))).toBe('NoSuchKey');
      // And the key is free again for a create-if-absent.
      expect(await s3ErrorName(put('again', { IfNoneMatch: '*' }))).toBe('succeeded');
    });

    it(`${kind}: of 12 parallel create-if-absent PUTs exactly one wins and the object is the winner's`, async () => {
      const bucket = await newBucket(`cw-race-${versioned ? 'v' : 'u'}`, versioned);
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          s3ErrorName(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'race', Body: `writer ${i}`, IfNoneMatch: '*' }))),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'PreconditionFailed')).toHaveLength(11);
      expect(await bodyOf(bucket, 'race')).toBe(`writer ${outcomes.indexOf('succeeded')}`);
      if (versioned) {
        const versions = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
        expect(versions.Versions).toHaveLength(1);
      }
    });
  }

  it('If-None-Match with ETags on a write (RGW): 412 when the current ETag is listed, a write otherwise', async () => {
    const bucket = await newBucket('cw-etag', false);
    const { ETag } = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'x' }));
    const put = (IfNoneMatch: string) =>
      s3ErrorName(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'y', IfNoneMatch })));
    expect(await put(ETag!)).toBe('PreconditionFailed');
    expect(await put('"0123456789abcdef0123456789abcdef"')).toBe('succeeded');
    expect(await bodyOf(bucket, 'k')).toBe('y');
  });

  it('conditional deletes (RGW): size and last-modified conditions, nothing to delete is no failure, DeleteObjects per key', async () => {
    const bucket = await newBucket('cw-del', true);
    const { ETag } = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'four' }));
    const { LastModified } = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'k' }));
    const del = (conditions: { IfMatch?: string; IfMatchSize?: number; IfMatchLastModifiedTime?: Date }, Key = 'k') =>
      s3ErrorName(s3.send(new DeleteObjectCommand({ Bucket: bucket, Key, ...conditions })));
    expect(await del({ IfMatchSize: 5 })).toBe('PreconditionFailed');
    expect(await del({ IfMatchLastModifiedTime: new Date('2015-01-01T00:00:00Z') })).toBe('PreconditionFailed');
    expect(await del({ IfMatch: 'nope' }, 'never-was')).toBe('succeeded');
    // …and writes no delete marker for it (RGW), so a later conditional delete still finds nothing.
    expect(await del({ IfMatch: '*' }, 'never-was')).toBe('succeeded');
    expect(await del({ IfMatch: 'nope' }, 'never-was')).toBe('succeeded');
    expect(await del({ IfMatchSize: 4, IfMatchLastModifiedTime: LastModified!, IfMatch: ETag! })).toBe('succeeded');
    // The latest entry is now a delete marker: only If-Match: * matches it.
    expect(await del({ IfMatch: ETag! })).toBe('PreconditionFailed');
    const other = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'other', Body: 'x' }));
    const result = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: {
          Objects: [
            { Key: 'other', ETag: '"bad"' },
            { Key: 'other', ETag: other.ETag, Size: 1 },
          ],
        },
      }),
    );
    expect(result.Errors?.map((entry) => entry.Code)).toEqual(['PreconditionFailed']);
    expect(result.Deleted?.map((entry) => entry.Key)).toEqual(['other']);
  });

  for (const version of ['s3', 's3v4']) {
    it(`boto3 (signature_version='${version}') puts and deletes conditionally`, async () => {
      const script = join(import.meta.dirname, 'clients', 'boto3_conditional_writes.py');
      const bucket = uniqueBucket(`cw-boto-${version === 's3' ? 'v2' : 'v4'}`);
      const { stdout } = await run('python3', [script, testStack().baseUrl, owner.accessKey, owner.secretKey, version, bucket], {
        timeout: 60_000,
      });
      expect(JSON.parse(stdout)).toEqual({
        createIfAbsent: 'ok',
        createAgain: 'PreconditionFailed',
        replaceWrongEtag: 'PreconditionFailed',
        replaceRightEtag: 'ok',
        body: 'two',
        deleteStaleEtag: 'PreconditionFailed',
        ifMatchMissing: 'NoSuchKey',
      });
    });
  }
});
