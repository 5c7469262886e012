import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketVersioningCommand,
  GetObjectLegalHoldCommand,
  GetObjectLockConfigurationCommand,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  PutBucketAclCommand,
  PutBucketPolicyCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type PutObjectCommandInput,
  PutObjectLegalHoldCommand,
  PutObjectLockConfigurationCommand,
  PutObjectRetentionCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanBlobs } from '../../../lib/storage';
import { ObjectRepository } from '../../../lib/storage/store/object-repository';
import { S3BlobStore } from '../../../lib/storage/store/s3-blob-store';
import { UploadRepository } from '../../../lib/storage/store/upload-repository';
import { VersionRepository } from '../../../lib/storage/store/version-repository';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let writer: StorageCredentials;
let s3: S3Client;
let s3Writer: S3Client;

const FUTURE = new Date('2030-01-01T00:00:00.000Z');
const LATER = new Date('2030-06-01T00:00:00.000Z');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

const lockBucket = async (label: string) => {
  const bucket = uniqueBucket(label);
  await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
  return bucket;
};
const put = async (Bucket: string, Key: string, extra: Partial<PutObjectCommandInput> = {}) =>
  (await s3.send(new PutObjectCommand({ Bucket, Key, Body: `body of ${Key}`, ...extra }))).VersionId!;
const retain = (
  client: S3Client,
  Bucket: string,
  Key: string,
  Mode: 'GOVERNANCE' | 'COMPLIANCE',
  RetainUntilDate: Date,
  extra: { VersionId?: string; BypassGovernanceRetention?: boolean } = {},
) => client.send(new PutObjectRetentionCommand({ Bucket, Key, Retention: { Mode, RetainUntilDate }, ...extra }));
const hold = (Bucket: string, Key: string, Status: 'ON' | 'OFF', VersionId?: string) =>
  s3.send(new PutObjectLegalHoldCommand({ Bucket, Key, VersionId, LegalHold: { Status } }));
const remove = (client: S3Client, Bucket: string, Key: string, VersionId?: string, BypassGovernanceRetention?: boolean) =>
  client.send(new DeleteObjectCommand({ Bucket, Key, VersionId, BypassGovernanceRetention }));
const lockOf = async (Bucket: string, Key: string, VersionId?: string) => {
  const head = await s3.send(new HeadObjectCommand({ Bucket, Key, VersionId }));
  return {
    mode: head.ObjectLockMode,
    until: head.ObjectLockRetainUntilDate?.toISOString(),
    hold: head.ObjectLockLegalHoldStatus,
  };
};

beforeAll(async () => {
  owner = await newStorageUser('lock-owner');
  writer = await newStorageUser('lock-writer');
  s3 = sdkClient(owner);
  s3Writer = sdkClient(writer);
});

describe('object lock buckets and ?object-lock', () => {
  it('a lock bucket is versioned and cannot be suspended; its configuration holds a default retention', async () => {
    const bucket = await lockBucket('lock-cfg');
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe('Enabled');
    const suspend = s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Suspended' } }));
    expect(await s3ErrorName(suspend)).toBe('InvalidBucketState');
    expect((await s3.send(new GetObjectLockConfigurationCommand({ Bucket: bucket }))).ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
    });
    const config = {
      ObjectLockEnabled: 'Enabled' as const,
      Rule: { DefaultRetention: { Mode: 'COMPLIANCE' as const, Years: 1 } },
    };
    await s3.send(new PutObjectLockConfigurationCommand({ Bucket: bucket, ObjectLockConfiguration: config }));
    expect((await s3.send(new GetObjectLockConfigurationCommand({ Bucket: bucket }))).ObjectLockConfiguration).toEqual(config);
    // Only the owner reads or changes it.
    expect(await s3ErrorName(s3Writer.send(new GetObjectLockConfigurationCommand({ Bucket: bucket })))).toBe('AccessDenied');
  });

  it('validation errors as S3 and RGW give them', async () => {
    const bucket = await lockBucket('lock-invalid');
    const putConfig = (body: string) =>
      rawS3({ method: 'PUT', path: `/${bucket}`, query: { 'object-lock': '' }, body, as: owner });
    const config = (rule: string, enabled = 'Enabled') =>
      `<ObjectLockConfiguration><ObjectLockEnabled>${enabled}</ObjectLockEnabled><Rule><DefaultRetention>${rule}</DefaultRetention></Rule></ObjectLockConfiguration>`;
    const cases: [string, number, string][] = [
      [config('<Mode>GOVERNANCE</Mode><Days>1</Days><Years>1</Years>'), 400, 'MalformedXML'],
      [config('<Mode>GOVERNANCE</Mode><Days>0</Days>'), 400, 'InvalidRetentionPeriod'],
      [config('<Mode>GOVERNANCE</Mode><Years>-1</Years>'), 400, 'InvalidRetentionPeriod'],
      [config('<Mode>governance</Mode><Years>1</Years>'), 400, 'MalformedXML'],
      [config('<Mode>GOVERNANCE</Mode><Years>1</Years>', 'Disabled'), 400, 'MalformedXML'],
    ];
    for (const [body, status, code] of cases) {
      const response = await putConfig(body);
      expect([response.status, errorCode(response)], body).toEqual([status, code]);
    }
  });

  it('an ordinary bucket: 404 on GET, 409 until versioning is Enabled, then lock can be enabled', async () => {
    const bucket = uniqueBucket('lock-later');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    expect(await s3ErrorName(s3.send(new GetObjectLockConfigurationCommand({ Bucket: bucket })))).toBe(
      'ObjectLockConfigurationNotFoundError',
    );
    const enable = () =>
      s3.send(
        new PutObjectLockConfigurationCommand({ Bucket: bucket, ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' } }),
      );
    expect(await s3ErrorName(enable())).toBe('InvalidBucketState');
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Suspended' } }));
    expect(await s3ErrorName(enable())).toBe('InvalidBucketState');
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    expect(await s3ErrorName(enable())).toBe('succeeded');
    const suspend = s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Suspended' } }));
    expect(await s3ErrorName(suspend)).toBe('InvalidBucketState');
  });

  it('lock headers and sub-resources on a bucket without lock are 400 InvalidRequest', async () => {
    const bucket = uniqueBucket('lock-none');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await put(bucket, 'plain');
    const refused = [
      () => put(bucket, 'x', { ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: FUTURE }),
      () => put(bucket, 'x', { ObjectLockLegalHoldStatus: 'ON' }),
      () => s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'x', ObjectLockLegalHoldStatus: 'ON' })),
      () =>
        s3.send(
          new CopyObjectCommand({ Bucket: bucket, Key: 'x', CopySource: `${bucket}/plain`, ObjectLockLegalHoldStatus: 'ON' }),
        ),
      () => retain(s3, bucket, 'plain', 'GOVERNANCE', FUTURE),
      () => s3.send(new GetObjectRetentionCommand({ Bucket: bucket, Key: 'plain' })),
      () => hold(bucket, 'plain', 'ON'),
      () => s3.send(new GetObjectLegalHoldCommand({ Bucket: bucket, Key: 'plain' })),
    ];
    for (const call of refused) expect(await s3ErrorName(call())).toBe('InvalidRequest');
  });
});

describe('locks on versions', () => {
  it('PUT, copy and multipart take the request lock or the bucket default; GET/HEAD return it', async () => {
    const bucket = await lockBucket('lock-write');
    await s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: bucket,
        ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Days: 2 } } },
      }),
    );
    const before = Date.now();
    await put(bucket, 'default');
    const byDefault = await lockOf(bucket, 'default');
    expect(byDefault.mode).toBe('GOVERNANCE');
    const until = new Date(byDefault.until!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 2 * 86_400_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 2 * 86_400_000 + 1000);

    await put(bucket, 'explicit', {
      ObjectLockMode: 'COMPLIANCE',
      ObjectLockRetainUntilDate: FUTURE,
      ObjectLockLegalHoldStatus: 'ON',
    });
    expect(await lockOf(bucket, 'explicit')).toEqual({ mode: 'COMPLIANCE', until: FUTURE.toISOString(), hold: 'ON' });
    const raw = await rawS3({ method: 'GET', path: `/${bucket}/explicit`, as: owner });
    expect(raw.headers['x-amz-object-lock-retain-until-date']).toBe('2030-01-01T00:00:00.000Z');

    // A copy gets the request's lock (or the default), never the source's.
    await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy', CopySource: `${bucket}/explicit` }));
    expect((await lockOf(bucket, 'copy')).mode).toBe('GOVERNANCE');
    expect((await lockOf(bucket, 'copy')).hold).toBeUndefined();

    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: 'multi',
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: LATER,
      }),
    );
    const part = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'multi', UploadId, PartNumber: 1, Body: 'abc' }));
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'multi',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(await lockOf(bucket, 'multi', done.VersionId)).toEqual({
      mode: 'COMPLIANCE',
      until: LATER.toISOString(),
      hold: undefined,
    });
    expect(await s3ErrorName(remove(s3, bucket, 'multi', done.VersionId, true))).toBe('AccessDenied');

    // A retain-until date in the past, or half a retention, is refused.
    expect(
      await s3ErrorName(put(bucket, 'past', { ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: new Date(2020, 0, 1) })),
    ).toBe('InvalidArgument');
    expect(await s3ErrorName(retain(s3, bucket, 'default', 'GOVERNANCE', new Date(2020, 0, 1)))).toBe('InvalidArgument');
  });

  it('?retention per version: GOVERNANCE extends freely, shortens with the bypass; COMPLIANCE only extends', async () => {
    const bucket = await lockBucket('lock-ret');
    const v1 = await put(bucket, 'doc');
    const v2 = await put(bucket, 'doc');
    expect(await s3ErrorName(s3.send(new GetObjectRetentionCommand({ Bucket: bucket, Key: 'doc' })))).toBe(
      'NoSuchObjectLockConfiguration',
    );
    await retain(s3, bucket, 'doc', 'GOVERNANCE', FUTURE, { VersionId: v1 });
    const ofV1 = await s3.send(new GetObjectRetentionCommand({ Bucket: bucket, Key: 'doc', VersionId: v1 }));
    expect(ofV1.Retention).toEqual({ Mode: 'GOVERNANCE', RetainUntilDate: FUTURE });
    // Without a version id: the current version (v2), which has none.
    expect(await lockOf(bucket, 'doc')).toEqual({ mode: undefined, until: undefined, hold: undefined });

    await retain(s3, bucket, 'doc', 'GOVERNANCE', LATER, { VersionId: v1 });
    expect(await s3ErrorName(retain(s3, bucket, 'doc', 'GOVERNANCE', FUTURE, { VersionId: v1 }))).toBe('AccessDenied');
    expect(await s3ErrorName(retain(s3, bucket, 'doc', 'COMPLIANCE', LATER, { VersionId: v1 }))).toBe('AccessDenied');
    await retain(s3, bucket, 'doc', 'GOVERNANCE', FUTURE, { VersionId: v1, BypassGovernanceRetention: true });
    expect((await lockOf(bucket, 'doc', v1)).until).toBe(FUTURE.toISOString());

    await retain(s3, bucket, 'doc', 'COMPLIANCE', FUTURE);
    expect((await lockOf(bucket, 'doc', v2)).mode).toBe('COMPLIANCE');
    await retain(s3, bucket, 'doc', 'COMPLIANCE', LATER);
    const removal = await rawS3({
      method: 'PUT',
      path: `/${bucket}/doc`,
      query: { retention: '' },
      headers: { 'x-amz-bypass-governance-retention': 'true' },
      body: '<Retention/>',
      as: owner,
    });
    expect([removal.status, errorCode(removal)]).toEqual([403, 'AccessDenied']);
    expect(await s3ErrorName(retain(s3, bucket, 'doc', 'COMPLIANCE', FUTURE, { BypassGovernanceRetention: true }))).toBe(
      'AccessDenied',
    );
    expect(await s3ErrorName(retain(s3, bucket, 'doc', 'GOVERNANCE', LATER, { BypassGovernanceRetention: true }))).toBe(
      'AccessDenied',
    );
    expect((await lockOf(bucket, 'doc')).until).toBe(LATER.toISOString());
    expect(await s3ErrorName(remove(s3, bucket, 'doc', v2, true))).toBe('AccessDenied');
  });

  it('a legal hold blocks every delete of its version until it is OFF; a plain DELETE only adds a marker', async () => {
    const bucket = await lockBucket('lock-hold');
    const version = await put(bucket, 'held');
    expect(await s3ErrorName(s3.send(new GetObjectLegalHoldCommand({ Bucket: bucket, Key: 'held' })))).toBe(
      'NoSuchObjectLockConfiguration',
    );
    await hold(bucket, 'held', 'ON');
    expect((await s3.send(new GetObjectLegalHoldCommand({ Bucket: bucket, Key: 'held' }))).LegalHold).toEqual({ Status: 'ON' });
    const marker = await remove(s3, bucket, 'held');
    expect(marker.DeleteMarker).toBe(true);
    expect(await s3ErrorName(remove(s3, bucket, 'held', version, true))).toBe('AccessDenied');
    // The marker itself is not locked; the version under it still is.
    await remove(s3, bucket, 'held', marker.VersionId);
    expect(await s3ErrorName(remove(s3, bucket, 'held', version))).toBe('AccessDenied');
    expect(await s3ErrorName(s3.send(new DeleteBucketCommand({ Bucket: bucket })))).toBe('BucketNotEmpty');
    await hold(bucket, 'held', 'OFF', version);
    expect((await s3.send(new GetObjectLegalHoldCommand({ Bucket: bucket, Key: 'held' }))).LegalHold).toEqual({ Status: 'OFF' });
    expect((await remove(s3, bucket, 'held', version)).VersionId).toBe(version);
  });

  it('the governance bypass counts from the owner, not from another user with WRITE on the bucket', async () => {
    const bucket = await lockBucket('lock-bypass');
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, GrantFullControl: `id=${owner.id}`, GrantWrite: `id=${writer.id}` }));
    const locked = await put(bucket, 'gov', { ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: FUTURE });
    const free = await put(bucket, 'free');
    // A bucket ACL's WRITE deletes versions for the bucket owner only (S3's ACL mapping); a policy grants it to others.
    expect(await s3ErrorName(remove(s3Writer, bucket, 'free', free))).toBe('AccessDenied');
    const versionDeletes = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: writer.id },
          Action: 's3:DeleteObjectVersion',
          Resource: `arn:aws:s3:::${bucket}/*`,
        },
      ],
    };
    await s3.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(versionDeletes) }));
    // Then the other user deletes what is not locked, and locks what it may write.
    expect((await remove(s3Writer, bucket, 'free', free)).VersionId).toBe(free);
    await s3Writer.send(new PutObjectLegalHoldCommand({ Bucket: bucket, Key: 'gov', LegalHold: { Status: 'OFF' } }));
    expect(await s3ErrorName(remove(s3Writer, bucket, 'gov', locked, true))).toBe('AccessDenied');
    expect(
      await s3ErrorName(retain(s3Writer, bucket, 'gov', 'GOVERNANCE', new Date(2029, 0, 1), { BypassGovernanceRetention: true })),
    ).toBe('AccessDenied');
    expect(await s3ErrorName(remove(s3, bucket, 'gov', locked))).toBe('AccessDenied');
    expect((await remove(s3, bucket, 'gov', locked, true)).VersionId).toBe(locked);
  });

  it('multi-object delete: the locked version is a per-key AccessDenied, the others go; the bypass applies to all', async () => {
    const bucket = await lockBucket('lock-multi');
    const locked = await put(bucket, 'locked', { ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: FUTURE });
    const held = await put(bucket, 'held', { ObjectLockLegalHoldStatus: 'ON' });
    const free = await put(bucket, 'free');
    const objects = [
      { Key: 'locked', VersionId: locked },
      { Key: 'held', VersionId: held },
      { Key: 'free', VersionId: free },
    ];
    const first = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
    expect(first.Deleted?.map((entry) => [entry.Key, entry.VersionId])).toEqual([['free', free]]);
    expect(first.Errors?.map((entry) => [entry.Key, entry.VersionId, entry.Code])).toEqual([
      ['locked', locked, 'AccessDenied'],
      ['held', held, 'AccessDenied'],
    ]);
    const second = await s3.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects.slice(0, 2) }, BypassGovernanceRetention: true }),
    );
    expect(second.Deleted?.map((entry) => entry.Key)).toEqual(['locked']);
    expect(second.Errors?.map((entry) => [entry.Key, entry.Code])).toEqual([['held', 'AccessDenied']]);
  });

  it('an object written before versioning (the null version) can be locked, and then is not deleted', async () => {
    const bucket = uniqueBucket('lock-legacy');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await put(bucket, 'old');
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    await s3.send(
      new PutObjectLockConfigurationCommand({ Bucket: bucket, ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' } }),
    );
    await hold(bucket, 'old', 'ON', 'null');
    expect(await lockOf(bucket, 'old')).toEqual({ mode: undefined, until: undefined, hold: 'ON' });
    expect(await s3ErrorName(remove(s3, bucket, 'old', 'null'))).toBe('AccessDenied');
    await put(bucket, 'old');
    expect((await lockOf(bucket, 'old', 'null')).hold).toBe('ON');
    await hold(bucket, 'old', 'OFF', 'null');
    expect((await remove(s3, bucket, 'old', 'null')).VersionId).toBe('null');
  });
});

describe('object lock under concurrency and maintenance', () => {
  it('a legal hold set while deletes of the same version race: never both succeed', async () => {
    const bucket = await lockBucket('lock-race');
    const versions = await Promise.all(Array.from({ length: 12 }, (_, i) => put(bucket, `race-${i % 3}`)));
    const outcomes = await Promise.all(
      versions.map(async (VersionId, i) => {
        const Key = `race-${i % 3}`;
        const [held, deleted] = await Promise.all([
          s3ErrorName(hold(bucket, Key, 'ON', VersionId)),
          s3ErrorName(remove(s3, bucket, Key, VersionId, true)),
        ]);
        const exists = await s3ErrorName(s3.send(new HeadObjectCommand({ Bucket: bucket, Key, VersionId })));
        return { held, deleted, exists };
      }),
    );
    for (const { held, deleted, exists } of outcomes) {
      // Exactly one wins: the hold (the delete is then refused and the version stays) or the delete (the hold finds no version).
      expect([held, deleted, exists]).toSatisfy(
        ([h, d, e]: string[]) =>
          (h === 'succeeded' && d === 'AccessDenied' && e === 'succeeded') ||
          (d === 'succeeded' && h === 'NoSuchVersion' && e === 'NotFound'),
      );
    }
  });

  it("the orphan sweeper keeps a locked version's blob, also under a delete marker", async () => {
    const { stage } = testStack();
    const bucket = await lockBucket('lock-sweep');
    const version = await put(bucket, 'kept', { ObjectLockMode: 'COMPLIANCE', ObjectLockRetainUntilDate: inDays(1) });
    await remove(s3, bucket, 'kept');
    const versions = new VersionRepository(stage.clients.documents, stage.names.storageTable);
    const record = await versions.get(bucket, 'kept', version);
    expect(record?.lock?.retention?.mode).toBe('COMPLIANCE');
    // A blob bucket of this test's own, so the sweep cannot touch other tests' blobs.
    const blobBucket = uniqueBucket('lock-sweep-blobs');
    await stage.clients.s3.send(new CreateBucketCommand({ Bucket: blobBucket }));
    const inventory = new S3BlobStore(stage.clients.s3, blobBucket);
    await inventory.put(record!.blobId, Buffer.from('body of kept'), { bucket, key: 'kept' });
    const report = await sweepOrphanBlobs(
      {
        inventory,
        objects: new ObjectRepository(stage.clients.documents, stage.names.storageTable),
        versions,
        uploads: new UploadRepository(stage.clients.documents, stage.names.storageTable),
      },
      { olderThan: new Date(Date.now() + 5_000) },
    );
    expect(report).toEqual({ examined: 1, tooYoung: 0, referenced: 1, removed: 0 });
    expect((await inventory.get(record!.blobId))?.toString()).toBe('body of kept');
  });
});
