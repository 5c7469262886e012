/**
 * `npm run bench:storage`: S3 throughput through the facade (serverless offline → Lambda handler →
 * DynamoDB Local + s3rver) against the blob backend alone (s3rver), in the same run, plus listing a
 * 10,000-key bucket. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { generateAccessKeyPair, objectsPartition } from '../lib/storage';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';

const CLIENTS = 4;
console.log('Starting the local stack (in memory)...');
const stack = await startEphemeralStack({ name: 'bench-storage', withOffline: true });

try {
  const { accessKey, secretKey } = generateAccessKeyPair();
  await stack.context.storageUsers.create({
    id: 'bench',
    displayName: 'Bench',
    email: 'bench@example.com',
    accessKey,
    secretKey,
  });
  const facade = new S3Client({
    endpoint: stack.baseUrl,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: accessKey, secretAccessKey: secretKey },
  });
  // s3rver needs the SDK's checksums off (lib/aws explains why); the facade takes the SDK's defaults.
  const direct = new S3Client({
    endpoint: stack.s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await facade.send(new CreateBucketCommand({ Bucket: 'bench-facade' }));
  await direct.send(new CreateBucketCommand({ Bucket: 'bench-direct' }));

  const measure = async (client: S3Client, bucket: string, size: number, perClient: number) => {
    const body = randomBytes(size);
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < perClient; i++) {
          const Key = `obj-${size}-${c}-${i}`;
          await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: body }));
          const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          await got.Body!.transformToByteArray();
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const ops = CLIENTS * perClient * 2;
    return { opsPerSecond: ops / seconds, mbPerSecond: (ops * size) / seconds / 1e6 };
  };

  console.log(`\nPUT then GET, ${CLIENTS} concurrent clients:`);
  for (const [label, size, perClient] of [
    ['1 MiB', 1024 * 1024, 8],
    ['4 KiB', 4 * 1024, 50],
  ] as const) {
    const viaFacade = await measure(facade, 'bench-facade', size, perClient);
    const viaDirect = await measure(direct, 'bench-direct', size, perClient);
    const row = (name: string, r: typeof viaFacade) =>
      `  ${label.padEnd(6)} ${name.padEnd(18)} ${r.opsPerSecond.toFixed(1).padStart(8)} ops/s ${r.mbPerSecond.toFixed(2).padStart(8)} MB/s`;
    console.log(row('facade', viaFacade));
    console.log(row('direct (s3rver)', viaDirect));
    console.log(`  ${label.padEnd(6)} facade/direct      ${(viaFacade.mbPerSecond / viaDirect.mbPerSecond).toFixed(2)}×`);
  }

  // 10,000 keys written straight into the index (listing reads only the index), then listed through the facade.
  await facade.send(new CreateBucketCommand({ Bucket: 'bench-list' }));
  const now = new Date().toISOString();
  const keys = Array.from({ length: 10_000 }, (_, i) => `dir-${i % 10}/key-${String(i).padStart(5, '0')}`);
  for (let i = 0; i < keys.length; i += 25) {
    await stack.context.clients.documents.send(
      new BatchWriteCommand({
        RequestItems: {
          [stack.context.names.storageTable]: keys.slice(i, i + 25).map((key) => ({
            PutRequest: {
              Item: {
                PK: objectsPartition('bench-list'),
                SK: key,
                kind: 'object',
                bucket: 'bench-list',
                key,
                blobId: 'none',
                size: 0,
                etag: 'd41d8cd98f00b204e9800998ecf8427e',
                lastModified: now,
                ownerId: 'bench',
                ownerDisplayName: 'Bench',
                versionId: 'null',
              },
            },
          })),
        },
      }),
    );
  }
  let started = Date.now();
  let pages = 0;
  let listed = 0;
  let token: string | undefined;
  do {
    const page = await facade.send(new ListObjectsV2Command({ Bucket: 'bench-list', ContinuationToken: token }));
    listed += page.KeyCount ?? 0;
    pages++;
    token = page.NextContinuationToken;
  } while (token);
  const fullMs = Date.now() - started;
  console.log(
    `\nLIST of a 10,000-key bucket: ${listed} keys in ${pages} pages, ${fullMs} ms (${(fullMs / pages).toFixed(0)} ms/page)`,
  );
  started = Date.now();
  const rolled = await facade.send(new ListObjectsV2Command({ Bucket: 'bench-list', Delimiter: '/' }));
  console.log(`  with delimiter '/': ${rolled.CommonPrefixes?.length} common prefixes in ${Date.now() - started} ms (one page)`);
} finally {
  await stack.stop();
}
