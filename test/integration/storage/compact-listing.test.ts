import {
  CreateBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { countAwsUsage } from '../../../bench/support/aws-usage';
import { createAwsClients } from '../../../lib/aws';
import { loadServiceConfig } from '../../../lib/config';
import { listingPartition } from '../../../lib/storage/model/listing-item';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { bucketKey } from '../../../lib/storage/store/bucket-repository';
import { backfillListing } from '../../../lib/storage/store/listing-backfill-repository';
import { inProcessS3 } from '../../support/in-process-s3';
import { ownBlobBucket } from '../../support/own-blob-bucket';
import { testStack } from '../../support/stack';
import { newStorageUser, uniqueBucket } from '../../support/storage-clients';

/** A warm storage container in this process, on the test stack's DynamoDB; ReturnConsumedCapacity counted on its client. */
const config = loadServiceConfig(testStack().env);
const clients = createAwsClients(config);
const usage = countAwsUsage(clients.dynamo, clients.s3);
const blobBucket = await ownBlobBucket(clients.s3, 'compact-listing-blobs');
const container = () => createStorageWiring(clients, { ...config, blobBucket }, config);
const table = config.storageTable;

async function inParallel(count: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

describe('listings from the compact listing index', () => {
  it('list 1,000 keys for at most 30 read units, each entry as HEAD shows the object', async () => {
    const owner = await newStorageUser('compact');
    const s3 = inProcessS3(container(), { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey });
    const bucket = uniqueBucket('compact');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await inParallel(1000, (i) =>
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: `list/${i}`, Body: 'x'.repeat(1 + (i % 7)) })),
    );
    usage.reset();
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'list/', FetchOwner: true }));
    expect(usage.read().readUnits).toBeLessThanOrEqual(30);
    expect(listed.KeyCount).toBe(1000);
    expect(listed.IsTruncated).toBe(false);
    for (const entry of listed.Contents!.filter((_, i) => i % 250 === 0)) {
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: entry.Key! }));
      // HEAD's Last-Modified is an HTTP date (whole seconds); the listing's has milliseconds.
      const seconds = (at: Date | undefined) => Math.floor(at!.getTime() / 1000);
      expect({ etag: entry.ETag, size: entry.Size, at: seconds(entry.LastModified) }).toEqual({
        etag: head.ETag,
        size: head.ContentLength,
        at: seconds(head.LastModified),
      });
      expect(entry.Owner).toEqual({ ID: owner.id, DisplayName: owner.displayName });
    }
    // Removed and replaced objects leave the listing at once (strongly consistent, as S3's LIST).
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'list/0' }));
    const replaced = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'list/1', Body: 'replaced' }));
    const after = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'list/', MaxKeys: 2 }));
    expect(after.Contents!.map((entry) => [entry.Key, entry.ETag, entry.Size])).toEqual([
      ['list/1', replaced.ETag, 8],
      ['list/10', expect.any(String), 4],
    ]);
  }, 300_000);

  it('list 1,000 versions of a bucket versioned while empty from the version listing items alone', async () => {
    const owner = await newStorageUser('compact-many');
    const s3 = inProcessS3(container(), { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey });
    const bucket = uniqueBucket('compact-many');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    await inParallel(1000, (i) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: `v/${i % 500}`, Body: 'x' })));
    const list = async (client: typeof s3) => {
      usage.reset();
      const listed = await client.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: 'v/' }));
      return { units: usage.read().readUnits, versions: listed.Versions! };
    };
    const compact = await list(s3);
    expect(compact.versions).toHaveLength(1000);
    expect(compact.versions.filter((version) => version.IsLatest)).toHaveLength(500);
    // The same listing from the whole version and object items (as a bucket from before the index lists).
    await clients.documents.send(
      new UpdateCommand({ TableName: table, Key: bucketKey(bucket), UpdateExpression: 'REMOVE listing, versionedWhenEmpty' }),
    );
    const whole = await list(inProcessS3(container(), { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey }));
    expect(whole.versions).toEqual(compact.versions);
    // Owner ids and names of ~20 characters here: ~125 bytes per version. S3-sized ids would need the owner out of the item.
    expect(compact.units).toBeLessThanOrEqual(40);
    expect(compact.units).toBeLessThan(whole.units / 4);
  }, 300_000);

  it('list versions and delete markers of a versioned bucket, the latest object in ListObjects', async () => {
    const owner = await newStorageUser('compact-versions');
    const s3 = inProcessS3(container(), { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey });
    const bucket = uniqueBucket('compact-v');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const legacy = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a', Body: 'before versioning' }));
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    const first = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a', Body: 'one' }));
    const second = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'b', Body: 'two' }));
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'b' }));
    const versions = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    expect(versions.Versions!.map((v) => [v.Key, v.VersionId, v.IsLatest, v.ETag, v.Size])).toEqual([
      ['a', first.VersionId, true, first.ETag, 3],
      ['a', 'null', false, legacy.ETag, 17],
      ['b', second.VersionId, false, second.ETag, 3],
    ]);
    expect(versions.DeleteMarkers!.map((m) => [m.Key, m.VersionId, m.IsLatest])).toEqual([['b', marker.VersionId, true]]);
    expect((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents!.map((entry) => entry.Key)).toEqual(['a']);
    // Removing the marker makes the version under it the latest object again.
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'b', VersionId: marker.VersionId }));
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(objects.Contents!.map((entry) => [entry.Key, entry.ETag])).toEqual([
      ['a', first.ETag],
      ['b', second.ETag],
    ]);
  });

  it('list a bucket created before the index from its object items, whatever was written since', async () => {
    const owner = await newStorageUser('compact-legacy');
    const s3 = inProcessS3(container(), { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey });
    const bucket = uniqueBucket('compact-old');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    for (const key of ['a', 'b', 'c']) await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }));
    // As a bucket and objects written before the listing index: no mark on the bucket, no listing items.
    const { documents } = clients;
    await documents.send(new UpdateCommand({ TableName: table, Key: bucketKey(bucket), UpdateExpression: 'REMOVE listing' }));
    for (const key of ['a', 'b', 'c']) {
      await documents.send(new DeleteCommand({ TableName: table, Key: { PK: listingPartition(bucket), SK: key } }));
    }
    // A container started since (nothing learnt about the bucket).
    const fresh = inProcessS3(container(), { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey });
    await fresh.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'b' }));
    await fresh.send(new PutObjectCommand({ Bucket: bucket, Key: 'd', Body: 'd' }));
    const v1 = await fresh.send(new ListObjectsCommand({ Bucket: bucket }));
    expect(v1.Contents!.map((entry) => [entry.Key, entry.Size, entry.Owner?.ID])).toEqual([
      ['a', 1, owner.id],
      ['c', 1, owner.id],
      ['d', 1, owner.id],
    ]);
    const versions = await fresh.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    expect(versions.Versions!.map((v) => [v.Key, v.VersionId])).toEqual([
      ['a', 'null'],
      ['c', 'null'],
      ['d', 'null'],
    ]);

    // The backfill gives the old objects their listing items and marks the bucket: listings read those from then on.
    const report = await backfillListing(documents, table, bucket);
    expect(report).toEqual({ objects: 2, versions: 0, skipped: 1 });
    const compact = await documents.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': listingPartition(bucket) },
      }),
    );
    expect(compact.Items!.map((item) => item.SK)).toEqual(['a', 'c', 'd']);
    const backfilled = inProcessS3(container(), { accessKeyId: owner.accessKey, secretAccessKey: owner.secretKey });
    await backfilled.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'c' }));
    const listed = await backfilled.send(new ListObjectsCommand({ Bucket: bucket }));
    expect(listed.Contents!.map((entry) => [entry.Key, entry.ETag, entry.Size, entry.Owner?.ID])).toEqual(
      v1.Contents!.filter((entry) => entry.Key !== 'c').map((entry) => [entry.Key, entry.ETag, entry.Size, entry.Owner?.ID]),
    );
  });
});
