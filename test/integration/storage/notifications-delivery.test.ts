import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  PutBucketLifecycleConfigurationCommand,
  PutBucketNotificationConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '../../../lib/aws';
import { applyLifecycle } from '../../../lib/storage';
import { createNotificationDelivery } from '../../../lib/storage/notification-wiring';
import { deliverDueNotifications } from '../../../lib/storage/notifications/deliver-notifications';
import { notificationKey } from '../../../lib/storage/notifications/notification-outbox';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { sigV4PostFields } from '../../support/post-policy';
import { rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { baseUrl, stage } = testStack();
const { deps: storage } = createStorageWiring(stage.clients, stage.names, stage.config);
/** The drainer as npm start runs it, with a 1 s retry base (1 s, 4 s, 16 s, 64 s…) so retries happen within a test. */
const drainer = createNotificationDelivery(stage.clients, stage.names, { webhookAllowPrivate: true, webhookRetryBaseSeconds: 1 });

interface S3Record {
  eventName: string;
  eventId: string;
  s3: {
    bucket: { name: string };
    configurationId: string;
    object: { key: string; size?: number; versionId?: string; sequencer: string };
  };
}

/** A push endpoint on 127.0.0.1 that records every event, and can go down (connections refused) and come back. */
class Receiver {
  readonly events: S3Record[] = [];
  private server: Server | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.events.push(...(JSON.parse(Buffer.concat(chunks).toString('utf8')).Records as S3Record[]));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  forBucket(bucket: string): S3Record[] {
    return this.events.filter((event) => event.s3.bucket.name === bucket);
  }
}

const receiver = new Receiver();
let user: StorageCredentials;
let s3: S3Client;

/** Drains the outbox until `done()` holds. */
async function pump(done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('notifications did not arrive in time');
    const run = await deliverDueNotifications(drainer);
    if (run.attempted === 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function createTopic(name: string, endpoint: string): Promise<string> {
  const body = new URLSearchParams({
    Action: 'CreateTopic',
    Name: name,
    'Attributes.entry.1.key': 'push-endpoint',
    'Attributes.entry.1.value': endpoint,
  }).toString();
  const response = await rawS3({ method: 'POST', path: '/', body, as: user });
  expect(response.status).toBe(200);
  return /<TopicArn>([^<]+)<\/TopicArn>/.exec(response.text)?.[1] ?? '';
}

async function notifiedBucket(label: string, endpoint: string, filter = true): Promise<string> {
  const bucket = uniqueBucket(label);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const arn = await createTopic(`${bucket}-t`, endpoint);
  await s3.send(
    new PutBucketNotificationConfigurationCommand({
      Bucket: bucket,
      NotificationConfiguration: {
        TopicConfigurations: [
          {
            Id: 'n-txt',
            TopicArn: arn,
            Events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*', 's3:LifecycleExpiration:*' as 's3:ObjectCreated:*'],
            ...(filter
              ? {
                  Filter: {
                    Key: {
                      FilterRules: [
                        { Name: 'prefix', Value: 'n/' },
                        { Name: 'suffix', Value: '.txt' },
                      ],
                    },
                  },
                }
              : {}),
          },
        ],
      },
    }),
  );
  return bucket;
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

beforeAll(async () => {
  user = await newStorageUser('notify');
  s3 = sdkClient(user);
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
});

describe('bucket notifications delivered (DESIGN §7.9)', () => {
  it('every write path POSTs one event of the right name and object; filtered-out keys none', async () => {
    const bucket = await notifiedBucket('notify-paths', `http://127.0.0.1:${receiver.port}/events`);
    await inBatches(range(50), 10, (i) =>
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: `n/put-${i}.txt`, Body: `body ${i}` })),
    );
    // Filtered out: wrong suffix, wrong prefix.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'n/skip.jpg', Body: 'x' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'other/skip.txt', Body: 'x' }));
    await inBatches(range(10), 5, (i) =>
      s3.send(new CopyObjectCommand({ Bucket: bucket, Key: `n/copy-${i}.txt`, CopySource: `${bucket}/n/put-${i}.txt` })),
    );
    const upload = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'n/multi.txt' }));
    const part = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: 'n/multi.txt', UploadId: upload.UploadId, PartNumber: 1, Body: 'part one' }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'n/multi.txt',
        UploadId: upload.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    await inBatches(range(15), 5, (i) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: `n/put-${i}.txt` })));
    // Multi-object delete: 5 more removals, one event each.
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: range(5).map((i) => ({ Key: `n/put-${15 + i}.txt` })) },
      }),
    );
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'n/skip.jpg' }));
    // POST Object (a browser form).
    const form = new FormData();
    const key = 'n/form.txt';
    const fields: [string, string][] = [['key', key], ...sigV4PostFields([{ bucket }, { key }], user)];
    for (const [name, value] of fields) form.append(name, value);
    form.append('file', new Blob(['from a form'], { type: 'text/plain' }), 'form.txt');
    expect((await fetch(`${baseUrl}/${bucket}`, { method: 'POST', body: form })).status).toBe(204);
    // Lifecycle expiration: a one-day rule under one-second days, applied by the pass.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'n/life/old.txt', Body: 'old' }));
    await s3.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: bucket,
        LifecycleConfiguration: {
          Rules: [{ ID: 'expire', Status: 'Enabled', Filter: { Prefix: 'n/life/' }, Expiration: { Days: 1 } }],
        },
      }),
    );
    await applyLifecycle(storage, { now: new Date(Date.now() + 5_000), daySeconds: 1 });

    const expected = [
      ...range(50).map((i) => ['ObjectCreated:Put', `n/put-${i}.txt`]),
      ...range(10).map((i) => ['ObjectCreated:Copy', `n/copy-${i}.txt`]),
      ['ObjectCreated:CompleteMultipartUpload', 'n/multi.txt'],
      ...range(20).map((i) => ['ObjectRemoved:Delete', `n/put-${i}.txt`]),
      ['ObjectCreated:Post', 'n/form.txt'],
      ['ObjectCreated:Put', 'n/life/old.txt'],
      ['LifecycleExpiration:Delete', 'n/life/old.txt'],
    ].map(([name, key]) => `${name} ${key}`);
    await pump(() => receiver.forBucket(bucket).length >= expected.length);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await deliverDueNotifications(drainer);
    const events = receiver.forBucket(bucket);
    expect(events.map((event) => `${event.eventName} ${decodeURIComponent(event.s3.object.key)}`).sort()).toEqual(
      expected.sort(),
    );
    const put = events.find((event) => event.s3.object.key === 'n/put-30.txt');
    expect(put?.s3.object).toMatchObject({ size: 7, sequencer: expect.stringMatching(/^[0-9A-F]{16}$/) });
    expect(put?.s3.configurationId).toBe('n-txt');
    expect(new Set(events.map((event) => event.eventId)).size).toBe(events.length);
  }, 240_000);

  it('versioned: delete markers and version deletes carry their version id; sequencers grow per key', async () => {
    const bucket = await notifiedBucket('notify-versions', `http://127.0.0.1:${receiver.port}/events`, false);
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    const first = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'one' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'two' }));
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k', VersionId: first.VersionId }));
    await pump(() => receiver.forBucket(bucket).length >= 4);
    const events = receiver.forBucket(bucket).sort((a, b) => a.s3.object.sequencer.localeCompare(b.s3.object.sequencer));
    expect(events.map((event) => event.eventName)).toEqual([
      'ObjectCreated:Put',
      'ObjectCreated:Put',
      'ObjectRemoved:DeleteMarkerCreated',
      'ObjectRemoved:Delete',
    ]);
    expect(events[0]?.s3.object.versionId).toBe(first.VersionId);
    expect(events[2]?.s3.object.versionId).toBe(marker.VersionId);
    expect(events[3]?.s3.object.versionId).toBe(first.VersionId);
  }, 120_000);

  it('two drainers at once: every event is claimed and sent by one of them, once', async () => {
    const bucket = await notifiedBucket('notify-race', `http://127.0.0.1:${receiver.port}/events`, false);
    await inBatches(range(20), 10, (i) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: `r${i}`, Body: 'x' })));
    const until = Date.now() + 60_000;
    while (receiver.forBucket(bucket).length < 20 && Date.now() < until) {
      await Promise.all([deliverDueNotifications(drainer), deliverDueNotifications(drainer)]);
    }
    await Promise.all([deliverDueNotifications(drainer), deliverDueNotifications(drainer)]);
    const events = receiver.forBucket(bucket);
    expect(events.map((event) => event.s3.object.key).sort()).toEqual(
      range(20)
        .map((i) => `r${i}`)
        .sort(),
    );
    for (const event of events) {
      const record = await getItem(stage.clients.documents, stage.names.storageTable, notificationKey(event.eventId));
      expect([record?.state, (record?.attempts as unknown[] | undefined)?.length]).toEqual(['delivered', 1]);
    }
  }, 120_000);

  it('a receiver down for a minute gets every event once it is back; every attempt is recorded', async () => {
    const down = new Receiver();
    await down.start();
    const port = down.port;
    await down.stop();
    const bucket = await notifiedBucket('notify-down', `http://127.0.0.1:${port}/events`, false);
    for (const i of range(3)) await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `k${i}`, Body: 'x' }));
    // A minute of failed attempts (connection refused), retried on the 1 s base schedule.
    const downUntil = Date.now() + 60_000;
    while (Date.now() < downUntil) {
      await deliverDueNotifications(drainer);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(down.events).toHaveLength(0);
    await down.start(port);
    try {
      await pump(() => down.forBucket(bucket).length >= 3, 90_000);
      expect(
        down
          .forBucket(bucket)
          .map((event) => event.s3.object.key)
          .sort(),
      ).toEqual(['k0', 'k1', 'k2']);
      const id = down.forBucket(bucket)[0]?.eventId ?? '';
      const record = await getItem(stage.clients.documents, stage.names.storageTable, notificationKey(id));
      const attempts = record?.attempts as { outcome: string }[];
      expect(record?.state).toBe('delivered');
      expect(attempts.length).toBeGreaterThanOrEqual(4);
      expect(attempts.slice(0, -1).every((attempt) => attempt.outcome === 'network_error')).toBe(true);
      expect(attempts.at(-1)?.outcome).toBe('delivered');
    } finally {
      await down.stop();
    }
  }, 240_000);
});
