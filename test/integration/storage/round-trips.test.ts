import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createAwsClients } from '../../../lib/aws';
import { loadServiceConfig } from '../../../lib/config';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { inProcessS3 } from '../../support/in-process-s3';
import { rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, uniqueBucket } from '../../support/storage-clients';

/**
 * One warm container of the storage function, in this process, on the real emulators of the test stack: its
 * DynamoDB client counts sequential round trips (calls started while none was in flight: calls made together count
 * once), before the answer and after it (the usage charge, which a streamed answer does not wait for).
 */
function warmContainer() {
  const config = loadServiceConfig(testStack().env);
  const clients = createAwsClients(config);
  const wiring = createStorageWiring(clients, config, config);
  let inFlight = 0;
  let rounds = 0;
  const commands: string[] = [];
  clients.dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      if (inFlight++ === 0) rounds++;
      commands.push(String(context.commandName).replace('Command', ''));
      try {
        return await next(args);
      } finally {
        inFlight--;
      }
    },
    { step: 'initialize', name: 'countRoundTrips' },
  );
  const counted: { before: number; after: number; commands: string[] }[] = [];
  let before = 0;
  let beforeCommands: string[] = [];
  const hooks = {
    started: () => {
      rounds = 0;
      commands.length = 0;
    },
    answered: () => {
      before = rounds;
      beforeCommands = [...commands];
      rounds = 0;
    },
    finished: () => {
      counted.push({ before, after: rounds, commands: beforeCommands });
    },
  };
  const client = (user: StorageCredentials) =>
    inProcessS3(wiring, { accessKeyId: user.accessKey, secretAccessKey: user.secretKey }, hooks);
  return { client, counted };
}

describe('DynamoDB round trips per operation (a warm container)', () => {
  it('GET and HEAD read once, PUT reads once and commits once; the usage charge comes after the answer', async () => {
    const user = await newStorageUser('round-trips');
    const container = warmContainer();
    const s3 = container.client(user);
    const bucket = uniqueBucket('rt');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const body = Buffer.alloc(4096, 7);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'warm', Body: body })); // first use of the secret box
    const last = () => container.counted.at(-1)!;

    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a/b.txt', Body: body }));
    expect(last()).toEqual({ before: 2, after: 1, commands: ['BatchGetItem', 'TransactWriteItems'] });
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a/b.txt', Body: body })); // replaces an object
    expect(last()).toMatchObject({ before: 2, after: 1 });
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'a/b.txt' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    expect(last()).toEqual({ before: 1, after: 1, commands: ['BatchGetItem'] });
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'a/b.txt' }));
    expect(last()).toEqual({ before: 1, after: 1, commands: ['BatchGetItem'] });
    await s3.send(new ListBucketsCommand({}));
    expect(last()).toMatchObject({ before: 2, after: 0 }); // the access key, then the owner's buckets
  });

  it('caches nothing that can change: a revoked key, a changed ACL and a deleted bucket take effect at once', async () => {
    const owner = await newStorageUser('fresh-owner');
    const other = await newStorageUser('fresh-other');
    const container = warmContainer();
    const s3 = container.client(owner);
    const bucket = uniqueBucket('fresh');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'x', ACL: 'public-read' }));
    const read = (client: S3Client) => s3ErrorName(client.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' })));

    expect(await read(container.client(other))).toBe('succeeded');
    await s3.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'k', ACL: 'private' }));
    expect(await read(container.client(other))).toBe('AccessDenied');

    expect(await read(s3)).toBe('succeeded');
    const { stage } = testStack();
    await stage.storageUsers.revokeAccessKey(owner.accessKey);
    expect(await read(s3)).toBe('InvalidAccessKeyId');
    // The same user, through the stack's functions: refused as well.
    const raw = await rawS3({ method: 'GET', path: `/${bucket}/k`, as: owner });
    expect(raw.status).toBe(403);

    const keeper = await newStorageUser('fresh-keeper');
    const s3b = container.client(keeper);
    const gone = uniqueBucket('gone');
    await s3b.send(new CreateBucketCommand({ Bucket: gone }));
    await s3b.send(new PutObjectCommand({ Bucket: gone, Key: 'k', Body: 'x' }));
    await s3b.send(new DeleteObjectCommand({ Bucket: gone, Key: 'k' }));
    await s3b.send(new DeleteBucketCommand({ Bucket: gone }));
    expect(await s3ErrorName(s3b.send(new PutObjectCommand({ Bucket: gone, Key: 'k', Body: 'x' })))).toBe('NoSuchBucket');
    expect(await s3ErrorName(s3b.send(new HeadObjectCommand({ Bucket: gone, Key: 'k' })))).toBe('NotFound');
  });
});
