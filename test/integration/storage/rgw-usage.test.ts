import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  ListBucketsCommand,
  PutBucketAclCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createBucket } from '../../../lib/storage/buckets/bucket-operations';
import { StorageError } from '../../../lib/storage/model/errors';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { BucketCountRepository } from '../../../lib/storage/store/bucket-count-repository';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { stage, env } = testStack();
const counts = new BucketCountRepository(stage.clients.documents, stage.names.storageTable);

/** Drops the user's counter item, as if its buckets had all been created before counting began. */
const forgetCounter = (ownerId: string) =>
  stage.clients.documents.send(
    new DeleteCommand({ TableName: stage.names.storageTable, Key: { PK: `BUCKETCOUNT#${ownerId}`, SK: 'BUCKETCOUNT' } }),
  );

async function ownedBuckets(s3: S3Client): Promise<string[]> {
  return ((await s3.send(new ListBucketsCommand({}))).Buckets ?? []).map((bucket) => bucket.Name!).sort();
}

async function createMany(s3: S3Client, label: string, n: number): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => uniqueBucket(`${label}${i}`));
  await Promise.all(names.map((Bucket) => s3.send(new CreateBucketCommand({ Bucket }))));
  return names;
}

describe('per-user bucket limit (RGW max_buckets): TooManyBuckets', () => {
  it('12 parallel creates against a limit of 3 make exactly 3 buckets; a delete frees a place', async () => {
    const user = await newStorageUser('limit');
    const s3 = sdkClient(user);
    await counts.setMaxBuckets(user.id, 3);
    const names = Array.from({ length: 12 }, (_, i) => uniqueBucket(`lim${i}`));
    const outcomes = await Promise.all(names.map((Bucket) => s3ErrorName(s3.send(new CreateBucketCommand({ Bucket })))));
    expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'TooManyBuckets')).toHaveLength(9);
    const created = names.filter((_, i) => outcomes[i] === 'succeeded').sort();
    expect(await ownedBuckets(s3)).toEqual(created);
    expect(await counts.read(user.id)).toEqual({ count: 3, maxBuckets: 3 });

    // S3's error document and status, nothing created.
    const refused = await rawS3({ method: 'PUT', path: `/${uniqueBucket('over')}`, as: user });
    expect(refused.status).toBe(400);
    expect(errorCode(refused)).toBe('TooManyBuckets');

    await s3.send(new DeleteBucketCommand({ Bucket: created[0] }));
    expect((await counts.read(user.id))?.count).toBe(2);
    await s3.send(new CreateBucketCommand({ Bucket: uniqueBucket('again') }));
    expect(await s3ErrorName(s3.send(new CreateBucketCommand({ Bucket: uniqueBucket('over') })))).toBe('TooManyBuckets');
    expect((await counts.read(user.id))?.count).toBe(3);
  });

  it('parallel creates and deletes keep the counter equal to the buckets owned', async () => {
    const user = await newStorageUser('churn');
    const s3 = sdkClient(user);
    const first = await createMany(s3, 'churn', 6);
    await Promise.all([
      ...first.slice(0, 4).map((Bucket) => s3.send(new DeleteBucketCommand({ Bucket }))),
      createMany(s3, 'more', 5),
    ]);
    expect((await counts.read(user.id))?.count).toBe((await ownedBuckets(s3)).length);
    expect((await ownedBuckets(s3)).length).toBe(7);
  });

  it('counts buckets made before the counter existed, from the owner index, on first use', async () => {
    const user = await newStorageUser('legacy');
    const s3 = sdkClient(user);
    await createMany(s3, 'old', 4);
    await forgetCounter(user.id);
    expect(await counts.read(user.id)).toBeUndefined();
    await s3.send(new CreateBucketCommand({ Bucket: uniqueBucket('new') }));
    expect(await counts.read(user.id)).toEqual({ count: 5 });

    await forgetCounter(user.id);
    const [gone] = await ownedBuckets(s3);
    await s3.send(new DeleteBucketCommand({ Bucket: gone }));
    expect(await counts.read(user.id)).toEqual({ count: 4 });

    await forgetCounter(user.id);
    await counts.setMaxBuckets(user.id, 4);
    expect(await s3ErrorName(s3.send(new CreateBucketCommand({ Bucket: uniqueBucket('full') })))).toBe('TooManyBuckets');
  });

  it("`storage-user max-buckets` sets and clears a user's own limit", async () => {
    const user = await newStorageUser('clilimit');
    const s3 = sdkClient(user);
    await createMany(s3, 'cli', 2);
    const maxBuckets = (max: string) =>
      promisify(execFile)(
        'npx',
        ['--no-install', 'tsx', 'scripts/cli.ts', '--json', 'storage-user', 'max-buckets', '--id', user.id, '--max', max],
        { env: { ...process.env, ...env } },
      ).then(({ stdout }) => JSON.parse(stdout) as unknown);
    expect(await maxBuckets('2')).toEqual({ id: user.id, buckets: 2, maxBuckets: 2 });
    expect(await s3ErrorName(s3.send(new CreateBucketCommand({ Bucket: uniqueBucket('cli') })))).toBe('TooManyBuckets');
    expect(await maxBuckets('default')).toEqual({ id: user.id, buckets: 2, maxBuckets: 1000 });
    expect(await s3ErrorName(s3.send(new CreateBucketCommand({ Bucket: uniqueBucket('cli') })))).toBe('succeeded');
    await expect(maxBuckets('0')).rejects.toThrow(/at least 1/);
    // Three CLI runs (tsx start-up each): slow on a loaded machine.
  }, 180_000);

  it("the stage's default (STORAGE_MAX_BUCKETS_PER_USER) applies to users without their own limit", async () => {
    const user = await newStorageUser('knob');
    const { deps } = createStorageWiring(stage.clients, stage.names, { ...stage.config, storageMaxBucketsPerUser: 2 });
    const principal = { kind: 'user' as const, user: { ...user, email: '', createdAt: '' } };
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createBucket(deps, principal, uniqueBucket(`knob${i}`), Buffer.alloc(0), {}).then(
          () => 'created',
          (error: unknown) => (error instanceof StorageError ? error.code : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'TooManyBuckets')).toHaveLength(4);
  });
});

async function putObjects(s3: S3Client, bucket: string, bodies: Record<string, string>) {
  for (const [Key, Body] of Object.entries(bodies)) await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));
}

const headStats = (bucket: string, as?: StorageCredentials) =>
  rawS3({ method: 'HEAD', path: `/${bucket}`, query: { 'read-stats': 'true' }, ...(as ? { as } : {}) });

describe('HEAD bucket ?read-stats=true (RGW)', () => {
  it('answers the current objects and bytes, and to the owner its bucket limit', async () => {
    const owner = await newStorageUser('stats');
    const s3 = sdkClient(owner);
    const bucket = uniqueBucket('stats');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const empty = await headStats(bucket, owner);
    expect(empty.status).toBe(200);
    expect(empty.headers['x-rgw-object-count']).toBe('0');
    expect(empty.headers['x-rgw-bytes-used']).toBe('0');
    expect(empty.headers['x-rgw-quota-max-buckets']).toBe('1000');

    await putObjects(s3, bucket, { foo: 'foo', bar: 'bar', baz: 'bazz' });
    await putObjects(s3, bucket, { foo: 'f' });
    const full = await headStats(bucket, owner);
    expect(full.headers['x-rgw-object-count']).toBe('3');
    expect(full.headers['x-rgw-bytes-used']).toBe('8');

    const plain = await rawS3({ method: 'HEAD', path: `/${bucket}`, as: owner });
    expect(plain.headers['x-rgw-object-count']).toBeUndefined();

    // Another user the bucket's ACL lets in sees the counts, never the owner's limit.
    const reader = await newStorageUser('statsreader');
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'authenticated-read' }));
    const other = await headStats(bucket, reader);
    expect(other.status).toBe(200);
    expect(other.headers['x-rgw-object-count']).toBe('3');
    expect(other.headers['x-rgw-quota-max-buckets']).toBeUndefined();
    expect((await headStats(bucket)).status).toBe(403);
  });
});

describe('GET /?usage (RGW)', () => {
  it("answers the Usage document with the caller's limit and totals", async () => {
    const user = await newStorageUser('usage');
    const s3 = sdkClient(user);
    const [a, b] = await createMany(s3, 'usage', 2);
    await putObjects(s3, a!, { one: '1', two: '22' });
    await putObjects(s3, b!, { big: 'x'.repeat(5000) });
    await counts.setMaxBuckets(user.id, 50);
    const response = await rawS3({ method: 'GET', path: '/', query: { usage: '' }, as: user });
    expect(response.status).toBe(200);
    const usage = new XMLParser({ parseTagValue: false }).parse(response.text) as {
      Usage: { Summary: Record<string, string> };
    };
    expect(usage.Usage.Summary).toMatchObject({
      QuotaMaxBytes: '-1',
      QuotaMaxBuckets: '50',
      QuotaMaxObjCount: '-1',
      QuotaMaxBytesPerBucket: '-1',
      QuotaMaxObjCountPerBucket: '-1',
      TotalBytes: '5003',
      TotalEntries: '3',
    });
    expect((await rawS3({ method: 'GET', path: '/', query: { usage: '' } })).status).toBe(403);
  });
});
