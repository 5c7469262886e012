import { createHash } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../../support/stack';
import { newStorageUser, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { stage } = testStack();
let s3: S3Client;

beforeAll(async () => {
  s3 = sdkClient(await newStorageUser('race'));
});

/** Blob ids in the blob bucket that belong to `bucket` (from the origin metadata every blob carries). */
async function blobsOf(bucket: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await stage.clients.s3.send(
      new ListObjectsV2Command({ Bucket: stage.names.blobBucket, Prefix: 'blobs/', ContinuationToken: token }),
    );
    for (const item of page.Contents ?? []) {
      const head = await stage.clients.s3.send(new HeadObjectCommand({ Bucket: stage.names.blobBucket, Key: item.Key! }));
      if (head.Metadata?.bucket === bucket) found.push(item.Key!.slice('blobs/'.length));
    }
    token = page.NextContinuationToken;
  } while (token);
  return found;
}

async function readBack(bucket: string, key: string) {
  const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const body = Buffer.from(await got.Body!.transformToByteArray());
  return { body, etag: got.ETag, writer: got.Metadata?.writer };
}

describe('concurrent writes through the facade', () => {
  it('20 parallel PUTs of one key leave one consistent object and no orphan blob', async () => {
    const bucket = uniqueBucket('race');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.from(`writer ${i} `.repeat(1000 + i)));
    const results = await Promise.allSettled(
      bodies.map((body, i) =>
        s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'hot', Body: body, Metadata: { writer: String(i) } })),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const { body, etag, writer } = await readBack(bucket, 'hot');
    expect(body.equals(bodies[Number(writer)]!)).toBe(true);
    expect(etag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    expect(await blobsOf(bucket)).toHaveLength(1);
  });

  it('PUT racing DELETE ends with either the object (bytes matching its ETag) or nothing, and no orphan', async () => {
    const bucket = uniqueBucket('putdel');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    for (let round = 0; round < 8; round++) {
      await Promise.all([
        s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: `round ${round}`, Metadata: { writer: String(round) } })),
        s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' })),
        s3.send(
          new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: `round ${round} again`, Metadata: { writer: String(round) } }),
        ),
      ]);
    }
    const exists = await readBack(bucket, 'k').catch(() => undefined);
    if (exists) expect(exists.etag).toBe(`"${createHash('md5').update(exists.body).digest('hex')}"`);
    expect(await blobsOf(bucket)).toHaveLength(exists ? 1 : 0);
  });
});
