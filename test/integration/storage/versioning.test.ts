import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetBucketVersioningCommand,
  GetObjectAclCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  type ListObjectVersionsCommandOutput,
  PutBucketVersioningCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

let user: StorageCredentials;
let s3: S3Client;

const put = (Bucket: string, Key: string, Body: string) => s3.send(new PutObjectCommand({ Bucket, Key, Body }));
const read = async (Bucket: string, Key: string, VersionId?: string) =>
  (await s3.send(new GetObjectCommand({ Bucket, Key, VersionId }))).Body!.transformToString();
const versioning = (Bucket: string, Status: 'Enabled' | 'Suspended') =>
  s3.send(new PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status } }));
const history = async (Bucket: string, Prefix?: string) => {
  const out = await s3.send(new ListObjectVersionsCommand({ Bucket, Prefix }));
  return [
    ...(out.Versions ?? []).map((v) => ({ key: v.Key, id: v.VersionId, latest: v.IsLatest, marker: false, at: v.LastModified })),
    ...(out.DeleteMarkers ?? []).map((m) => ({
      key: m.Key,
      id: m.VersionId,
      latest: m.IsLatest,
      marker: true,
      at: m.LastModified,
    })),
  ];
};

beforeAll(async () => {
  user = await newStorageUser('versions');
  s3 = sdkClient(user);
});

describe('versioning through @aws-sdk/client-s3', () => {
  it('enables, overwrites, deletes with a marker, restores by copying a version, then suspends', async () => {
    const bucket = uniqueBucket('ver');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBeUndefined();
    const before = await put(bucket, 'doc.txt', 'before versioning');
    expect(before.VersionId).toBeUndefined();

    await versioning(bucket, 'Enabled');
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe('Enabled');
    const v1 = (await put(bucket, 'doc.txt', 'one')).VersionId!;
    const v2 = (await put(bucket, 'doc.txt', 'two')).VersionId!;
    expect(v1).toMatch(/^[0-9a-v]{22}$/);
    expect(v2).not.toBe(v1);
    const latest = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'doc.txt' }));
    expect([await latest.Body!.transformToString(), latest.VersionId]).toEqual(['two', v2]);
    expect(await read(bucket, 'doc.txt', v1)).toBe('one');
    expect(await read(bucket, 'doc.txt', 'null')).toBe('before versioning');
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'doc.txt', VersionId: v1 }))).VersionId).toBe(v1);
    expect((await history(bucket)).map(({ id, latest }) => [id, latest])).toEqual([
      [v2, true],
      [v1, false],
      ['null', false],
    ]);

    // A delete marker hides the key: 404 with the marker's headers, 405 by version id, gone from ListObjects.
    const deleted = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'doc.txt' }));
    expect(deleted.DeleteMarker).toBe(true);
    const marker = deleted.VersionId!;
    expect(await s3ErrorName(read(bucket, 'doc.txt'))).toBe('NoSuchKey');
    const plain = await rawS3({ method: 'GET', path: `/${bucket}/doc.txt`, as: user });
    expect([plain.status, plain.headers['x-amz-delete-marker'], plain.headers['x-amz-version-id']]).toEqual([
      404,
      'true',
      marker,
    ]);
    const byId = await rawS3({ method: 'GET', path: `/${bucket}/doc.txt`, query: { versionId: marker }, as: user });
    expect([byId.status, errorCode(byId), byId.headers['x-amz-delete-marker']]).toEqual([405, 'MethodNotAllowed', 'true']);
    const missing = await rawS3({ method: 'GET', path: `/${bucket}/doc.txt`, query: { versionId: 'a'.repeat(22) }, as: user });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'NoSuchVersion']);
    const malformed = await rawS3({ method: 'GET', path: `/${bucket}/doc.txt`, query: { versionId: 'bogus' }, as: user });
    expect([malformed.status, errorCode(malformed)]).toEqual([400, 'InvalidArgument']);
    expect((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount).toBe(0);
    expect(
      await s3ErrorName(
        s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy', CopySource: `${bucket}/doc.txt?versionId=${marker}` })),
      ),
    ).toBe('InvalidRequest');
    expect((await history(bucket)).filter((entry) => entry.latest).map(({ id, marker }) => [id, marker])).toEqual([
      [marker, true],
    ]);

    // Restore: copy the old version on top of the marker.
    const restored = await s3.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'doc.txt', CopySource: `${bucket}/doc.txt?versionId=${v1}` }),
    );
    expect(restored.CopySourceVersionId).toBe(v1);
    expect(await read(bucket, 'doc.txt')).toBe('one');

    // Permanent deletes: the restored copy, then the marker; v2 is the latest again.
    const gone = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'doc.txt', VersionId: restored.VersionId }));
    expect([gone.VersionId, gone.DeleteMarker]).toEqual([restored.VersionId, undefined]);
    expect(await s3ErrorName(read(bucket, 'doc.txt'))).toBe('NoSuchKey');
    const markerGone = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'doc.txt', VersionId: marker }));
    expect(markerGone.DeleteMarker).toBe(true);
    expect(await read(bucket, 'doc.txt')).toBe('two');

    // Suspended: writes get version id null (not named in the PUT's answer, as RGW and ceph/s3-tests have it) and
    // replace the null version; older versions stay.
    await versioning(bucket, 'Suspended');
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe('Suspended');
    expect((await put(bucket, 'doc.txt', 'null one')).VersionId).toBeUndefined();
    expect((await put(bucket, 'doc.txt', 'null two')).VersionId).toBeUndefined();
    expect(await read(bucket, 'doc.txt', 'null')).toBe('null two');
    expect((await history(bucket)).map(({ id, latest }) => [id, latest])).toEqual([
      ['null', true],
      [v2, false],
      [v1, false],
    ]);
    const suspendedDelete = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'doc.txt' }));
    expect([suspendedDelete.DeleteMarker, suspendedDelete.VersionId]).toEqual([true, 'null']);

    // Versions and markers keep the bucket: BucketNotEmpty until every one is deleted.
    expect(await s3ErrorName(s3.send(new DeleteBucketCommand({ Bucket: bucket })))).toBe('BucketNotEmpty');
    for (const entry of await history(bucket)) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: entry.key, VersionId: entry.id }));
    }
    expect(await history(bucket)).toEqual([]);
    await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
  });

  it('lists versions with prefix, delimiter and markers, newest first per key, in pages', async () => {
    const bucket = uniqueBucket('ver-list');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await versioning(bucket, 'Enabled');
    const written: Record<string, string[]> = {};
    for (const key of ['a.txt', 'dir/x', 'dir/y', 'b.txt']) {
      written[key] = [];
      for (let round = 0; round < 3; round++) written[key].unshift((await put(bucket, key, `${key}#${round}`)).VersionId!);
    }
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'b.txt' }));
    const all = await history(bucket);
    expect(all).toHaveLength(13);
    const rolled = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, Delimiter: '/' }));
    expect(rolled.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['dir/']);
    expect(rolled.Versions?.filter((v) => v.Key === 'a.txt').map((v) => v.VersionId)).toEqual(written['a.txt']);
    expect((await history(bucket, 'dir/')).map((v) => v.id)).toEqual([...written['dir/x']!, ...written['dir/y']!]);
    // Pages of 2: every version exactly once, in order.
    const paged: string[] = [];
    let page: ListObjectVersionsCommandOutput | undefined;
    do {
      page = await s3.send(
        new ListObjectVersionsCommand({
          Bucket: bucket,
          MaxKeys: 2,
          KeyMarker: page?.NextKeyMarker,
          VersionIdMarker: page?.NextVersionIdMarker,
        }),
      );
      const entries = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])];
      expect(entries.length).toBeLessThanOrEqual(2);
      paged.push(...entries.map((v) => `${v.Key}@${v.VersionId}@${v.IsLatest}`));
    } while (page.IsTruncated);
    expect(new Set(paged).size).toBe(13);
    expect(paged.filter((entry) => entry.endsWith('@true'))).toHaveLength(4);
  });

  it('lists objects written before versioning (or in a never-versioned bucket) as null versions', async () => {
    const bucket = uniqueBucket('ver-legacy');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    for (const key of ['a', 'b', 'c']) await put(bucket, key, key);
    expect((await history(bucket)).map(({ key, id, latest }) => [key, id, latest])).toEqual([
      ['a', 'null', true],
      ['b', 'null', true],
      ['c', 'null', true],
    ]);
    await versioning(bucket, 'Enabled');
    const b2 = (await put(bucket, 'b', 'b2')).VersionId;
    expect((await history(bucket)).map(({ key, id, latest }) => [key, id, latest])).toEqual([
      ['a', 'null', true],
      ['b', b2, true],
      ['b', 'null', false],
      ['c', 'null', true],
    ]);
    const page = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, MaxKeys: 2 }));
    expect([page.NextKeyMarker, page.NextVersionIdMarker]).toEqual(['b', b2]);
    const rest = await s3.send(
      new ListObjectVersionsCommand({ Bucket: bucket, KeyMarker: page.NextKeyMarker, VersionIdMarker: page.NextVersionIdMarker }),
    );
    expect(rest.Versions?.map((v) => [v.Key, v.VersionId, v.IsLatest])).toEqual([
      ['b', 'null', false],
      ['c', 'null', true],
    ]);
  });

  it('keeps an ACL per version', async () => {
    const bucket = uniqueBucket('ver-acl');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await versioning(bucket, 'Enabled');
    const v1 = (await put(bucket, 'k', 'one')).VersionId!;
    await put(bucket, 'k', 'two');
    await s3.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'k', VersionId: v1, ACL: 'public-read' }));
    const grants = async (VersionId?: string) =>
      (await s3.send(new GetObjectAclCommand({ Bucket: bucket, Key: 'k', VersionId }))).Grants?.length;
    expect([await grants(v1), await grants()]).toEqual([2, 1]);
    expect((await rawS3({ method: 'GET', path: `/${bucket}/k`, query: { versionId: v1 } })).text).toBe('one');
    expect((await rawS3({ method: 'GET', path: `/${bucket}/k` })).status).toBe(403);
    await s3.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'k', ACL: 'public-read' }));
    expect((await rawS3({ method: 'GET', path: `/${bucket}/k` })).text).toBe('two');
  });

  it('keeps every one of 20 versions written in parallel', async () => {
    const bucket = uniqueBucket('ver-race');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await versioning(bucket, 'Enabled');
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await put(bucket, 'hot', `writer ${i}`)).VersionId!),
    );
    const listed = await history(bucket);
    expect(new Set(listed.map((v) => v.id))).toEqual(new Set(ids));
    const latest = listed.filter((v) => v.latest);
    expect(latest).toHaveLength(1);
    expect(latest[0]!.id).toBe(listed[0]!.id);
    const current = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'hot' }));
    expect(current.VersionId).toBe(latest[0]!.id);
    expect(await read(bucket, 'hot', latest[0]!.id)).toBe(await current.Body!.transformToString());
  });
});
