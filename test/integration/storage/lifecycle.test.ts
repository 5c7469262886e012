import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetBucketLifecycleConfigurationCommand,
  ListObjectVersionsCommand,
  PutBucketLifecycleConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectLockConfigurationCommand,
  PutObjectRetentionCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPassTimer } from '../../../lib/scheduling/pass-timer';
import { applyLifecycle } from '../../../lib/storage';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { baseUrl, stage } = testStack();
const run = promisify(execFile);
/** One-second lifecycle days: what STORAGE_LIFECYCLE_DAY_SECONDS=1 gives a local stack. */
const DAY_SECONDS = 1;
const { deps } = createStorageWiring(stage.clients, stage.names, stage.config);
const pass = () => applyLifecycle(deps, { now: new Date(), daySeconds: DAY_SECONDS });

let user: StorageCredentials;
let timer: { stop: () => Promise<void> };

beforeAll(async () => {
  user = await newStorageUser('lifecycle');
  // The lifecycle pass, as npm start runs it: on a timer, against the stack's tables.
  timer = startPassTimer(pass, { everyMs: 300 });
});
afterAll(async () => {
  await timer.stop();
});

describe('bucket lifecycle', () => {
  it('boto3 (default settings): rules read back, x-amz-expiration, and objects, noncurrent versions and idle uploads go under a short day', async () => {
    const script = join(__dirname, 'clients', 'boto3_lifecycle.py');
    const bucket = uniqueBucket('lc-boto3');
    const { stdout } = await run('python3', [script, baseUrl, user.accessKey, user.secretKey, bucket], { timeout: 90_000 });
    const report = JSON.parse(stdout);
    expect(report.rulesBack).toBe(true);
    expect(report.expirationHeader).toMatch(/^expiry-date="\w{3}, \d{2} \w{3} \d{4} 00:00:00 GMT", rule-id="expire-logs"$/);
    expect(report.keptHasNoHeader).toBe(true);
    expect(report.after).toEqual({ keys: ['keep/c.txt'], uploads: [], versions: 1 });
    expect(report.latestKept).toBe('three');
    expect(report.getAfterDelete).toBe('NoSuchLifecycleConfiguration');
  });

  it('never removes a locked version; removes an expired delete marker once it is the only version left', async () => {
    const s3 = sdkClient(user);
    const bucket = uniqueBucket('lc-locked');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
    await s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: bucket,
        ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' },
      }),
    );
    const locked = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'locked/a', Body: 'a' }));
    await s3.send(
      new PutObjectRetentionCommand({
        Bucket: bucket,
        Key: 'locked/a',
        VersionId: locked.VersionId,
        Retention: { Mode: 'COMPLIANCE', RetainUntilDate: new Date(Date.now() + 3600_000) },
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'gone/b', Body: 'b' }));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'gone/b' }));
    await s3.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: bucket,
        LifecycleConfiguration: {
          Rules: [
            {
              ID: 'all',
              Filter: { Prefix: '' },
              Status: 'Enabled',
              Expiration: { ExpiredObjectDeleteMarker: true },
              NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            },
          ],
        },
      }),
    );
    // locked/a gets no delete marker from this rule (no Days); gone/b's old version goes, then its lone marker.
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'locked/a' }));
    const settled = async () => {
      for (let i = 0; i < 60; i++) {
        const listed = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
        const keys = [...(listed.Versions ?? []), ...(listed.DeleteMarkers ?? [])].map((entry) => entry.Key);
        if (!keys.includes('gone/b') && keys.length === 2) return listed;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    };
    const listed = await settled();
    expect(listed.Versions?.map((version) => [version.Key, version.VersionId])).toEqual([['locked/a', locked.VersionId]]);
    // The marker on top of the locked version is kept: it is not alone.
    expect(listed.DeleteMarkers?.map((marker) => marker.Key)).toEqual(['locked/a']);
  });

  it('refuses bad configurations with S3 errors and stores nothing', async () => {
    const s3 = sdkClient(user);
    const bucket = uniqueBucket('lc-bad');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    const put = (body: string) =>
      rawS3({
        method: 'PUT',
        path: `/${bucket}`,
        query: { lifecycle: '' },
        body,
        as: user,
        headers: { 'content-type': 'application/xml' },
      });
    const rule = (inner: string) => `<LifecycleConfiguration><Rule>${inner}</Rule></LifecycleConfiguration>`;
    const cases: [string, number, string][] = [
      ['<LifecycleConfiguration><Rule>', 400, 'MalformedXML'],
      [rule('<ID>r</ID><Prefix>a/</Prefix><Status>enabled</Status><Expiration><Days>1</Days></Expiration>'), 400, 'MalformedXML'],
      [
        rule('<ID>r</ID><Prefix>a/</Prefix><Status>Enabled</Status><Expiration><Days>0</Days></Expiration>'),
        400,
        'InvalidArgument',
      ],
      [
        rule('<ID>r</ID><Prefix>a/</Prefix><Status>Enabled</Status><Expiration><Date>2030-01-01T12:00:00Z</Date></Expiration>'),
        400,
        'InvalidArgument',
      ],
      [
        rule(`<ID>${'x'.repeat(256)}</ID><Prefix>a/</Prefix><Status>Enabled</Status><Expiration><Days>1</Days></Expiration>`),
        400,
        'InvalidArgument',
      ],
      [rule('<ID>r</ID><Prefix>a/</Prefix><Status>Enabled</Status>'), 400, 'InvalidArgument'],
      [
        '<LifecycleConfiguration><Rule><ID>a</ID><Prefix>logs/</Prefix><Status>Enabled</Status><Expiration><Days>1</Days></Expiration></Rule>' +
          '<Rule><ID>b</ID><Prefix>logs/old/</Prefix><Status>Enabled</Status><Expiration><Days>30</Days></Expiration></Rule></LifecycleConfiguration>',
        400,
        'InvalidRequest',
      ],
      [
        '<LifecycleConfiguration><Rule><ID>a</ID><Prefix>a/</Prefix><Status>Enabled</Status><Expiration><Days>1</Days></Expiration></Rule>' +
          '<Rule><ID>a</ID><Prefix>b/</Prefix><Status>Enabled</Status><Expiration><Days>1</Days></Expiration></Rule></LifecycleConfiguration>',
        400,
        'InvalidArgument',
      ],
      [
        rule(
          '<ID>r</ID><Prefix>a/</Prefix><Status>Enabled</Status><Transition><Days>30</Days><StorageClass>GLACIER</StorageClass></Transition>',
        ),
        501,
        'NotImplemented',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await put(body);
      expect([response.status, errorCode(response)], body).toEqual([status, code]);
      expect(response.text).not.toMatch(/at .*\.ts|TypeError/);
    }
    expect(await s3ErrorName(s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket })))).toBe(
      'NoSuchLifecycleConfiguration',
    );
    const stranger = await rawS3({
      method: 'PUT',
      path: `/${bucket}`,
      query: { lifecycle: '' },
      body: rule('<ID>r</ID><Prefix>a/</Prefix><Status>Enabled</Status><Expiration><Days>1</Days></Expiration>'),
      as: await newStorageUser('lifecycle-stranger'),
    });
    expect([stranger.status, errorCode(stranger)]).toEqual([403, 'AccessDenied']);
  });
});
