import {
  CreateBucketCommand,
  GetObjectCommand,
  PutBucketLoggingCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createAwsClients } from '../../../lib/aws';
import { loadServiceConfig } from '../../../lib/config';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { inProcessS3 } from '../../support/in-process-s3';
import { countItemWrites } from '../../support/item-writes';
import { deliveryPolicy } from '../../support/log-delivery-policy';
import { ownBlobBucket } from '../../support/own-blob-bucket';
import { testStack } from '../../support/stack';
import { newStorageUser, uniqueBucket } from '../../support/storage-clients';

/**
 * One warm storage container in this process, on the test stack's DynamoDB, with the deployed stage's usage batching
 * (the test stack's functions write each request's usage at once: their suites read totals right away).
 */
const config = loadServiceConfig({ ...testStack().env, STORAGE_USAGE_FLUSH_SECONDS: '60' });
const clients = createAwsClients(config);
const writes = countItemWrites(clients.dynamo);
const wiring = createStorageWiring(clients, { ...config, blobBucket: await ownBlobBucket(clients.s3, 'hot-keys-blobs') }, config);

const REQUESTS = 1000;
const PARALLEL = 8;
/** DynamoDB takes about 1,000 writes/s on one item: a bucket's every request may not write the same one. */
const MOST_WRITES_PER_ITEM = 10;

async function inParallel(count: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** The items written more than MOST_WRITES_PER_ITEM times. */
const hotItems = () => [...writes.counts()].filter(([, count]) => count > MOST_WRITES_PER_ITEM);

/** Writes per access-log buffer partition of a bucket (each record is its own item; the partition is what gets hot). */
function logBufferPartitions(bucket: string): number[] {
  const perPartition = new Map<string, number>();
  for (const [item, count] of writes.counts()) {
    const partition = item.split(' | ')[0] ?? '';
    if (partition.startsWith(`LOGBUF#${bucket}#`)) perPartition.set(partition, (perPartition.get(partition) ?? 0) + count);
  }
  return [...perPartition.values()];
}

describe('hot keys: 1,000 requests to one bucket, logging on', () => {
  it('write no DynamoDB item more than 10 times (GETs of one object, PUTs of distinct keys), and usage still adds up', async () => {
    const owner = await newStorageUser('hot');
    const s3 = inProcessS3(wiring, { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey });
    const bucket = uniqueBucket('hot');
    const target = uniqueBucket('hot-logs');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new CreateBucketCommand({ Bucket: target }));
    await s3.send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, bucket, 'logs/', owner.id) }));
    await s3.send(
      new PutBucketLoggingCommand({
        Bucket: bucket,
        BucketLoggingStatus: { LoggingEnabled: { TargetBucket: target, TargetPrefix: 'logs/' } },
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'hot.txt', Body: 'hot' }));
    const before = (await wiring.deps.usage.list(bucket)).reduce((sum, entry) => sum + entry.requests, 0);
    writes.reset();

    await inParallel(REQUESTS, async () => {
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'hot.txt' }));
      await got.Body!.transformToString();
    });
    expect(hotItems()).toEqual([]);
    await inParallel(REQUESTS, (i) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: `k/${i}`, Body: `v${i}` })));
    expect(hotItems()).toEqual([]);
    // The access-log buffer was written (logging is on), so the requests above are the logged ones, spread over its
    // 16 shards: none takes more than twice its share of the 2,000 records.
    const partitions = logBufferPartitions(bucket);
    expect(partitions.reduce((sum, count) => sum + count, 0)).toBe(2 * REQUESTS);
    expect(partitions).toHaveLength(16);
    expect(Math.max(...partitions)).toBeLessThanOrEqual((2 * 2 * REQUESTS) / 16);

    // Every request is charged to its payer, once its container's batch is written.
    const after = (await wiring.deps.usage.list(bucket)).reduce((sum, entry) => sum + entry.requests, 0);
    expect(after - before).toBe(2 * REQUESTS);
  }, 600_000);
});
