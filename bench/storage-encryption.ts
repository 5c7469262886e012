/**
 * `npm run bench:encryption`: 1 MiB PUT+GET throughput through the facade, plain next to SSE-S3, SSE-KMS (local key
 * `testkey-1`) and SSE-C, in the same run, with CLIENTS concurrent SDK v3 clients. Prints MB/s and the ratio to plain;
 * asserts nothing but that every GET returns the bytes that were PUT. Each mode runs twice (in order, then reversed). `BENCH_ENCRYPTION_ROUNDS` sets the rounds per
 * client (default 6).
 */
import { createHash, randomBytes } from 'node:crypto';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';
import { storageBenchClients } from './support/storage-bench-clients';

const CLIENTS = 8;
const ROUNDS = Number(process.env.BENCH_ENCRYPTION_ROUNDS ?? 6);
const body = randomBytes(1024 * 1024);
const customerKey = randomBytes(32);
const SSE_C = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: customerKey.toString('base64'),
  SSECustomerKeyMD5: createHash('md5').update(customerKey).digest('base64'),
};
const MODES = {
  plain: { put: {}, get: {} },
  'SSE-S3 (AES256)': { put: { ServerSideEncryption: 'AES256' as const }, get: {} },
  'SSE-KMS (testkey-1)': { put: { ServerSideEncryption: 'aws:kms' as const, SSEKMSKeyId: 'testkey-1' }, get: {} },
  'SSE-C': { put: SSE_C, get: SSE_C },
};

console.log('Starting the local stack (in memory)...');
const stack = await startEphemeralStack({ name: 'bench-encryption', withOffline: true });
try {
  const { facade } = await storageBenchClients(stack);
  const clients = Array.from({ length: CLIENTS }, facade);
  await clients[0]!.send(new CreateBucketCommand({ Bucket: 'bench-encryption' }));
  // Warm-up: cold module loads, the local KMS key's first unsealing, first connections.
  for (const mode of Object.values(MODES)) await pass(clients.slice(0, 1), 1, mode, 'warm');
  // Each mode twice, in order then in reverse, so that none gains from running later (a warmer process) or earlier.
  const seconds = new Map<string, number>();
  const entries = Object.entries(MODES);
  for (const [name, mode] of [...entries, ...[...entries].reverse()]) {
    const started = performance.now();
    await pass(clients, ROUNDS, mode, `${name}-${seconds.has(name) ? 2 : 1}`);
    seconds.set(name, (seconds.get(name) ?? 0) + (performance.now() - started) / 1000);
  }
  const results = entries.map(([name]): [string, number] => [
    name,
    (2 * CLIENTS * ROUNDS * 2 * body.length) / seconds.get(name)! / 1e6,
  ]);
  const plain = results[0]![1];
  console.log(`\n1 MiB PUT+GET through the facade, ${CLIENTS} concurrent SDK v3 clients, one run:\n`);
  console.log('| mode | MB/s | vs plain |');
  console.log('|---|---|---|');
  for (const [name, mbPerSecond] of results)
    console.log(`| ${name} | ${mbPerSecond.toFixed(1)} | ${(mbPerSecond / plain).toFixed(2)}× |`);
} finally {
  await stack.stop();
}

async function pass(clients: S3Client[], rounds: number, mode: (typeof MODES)[keyof typeof MODES], label: string) {
  await Promise.all(
    clients.map(async (s3, c) => {
      for (let i = 0; i < rounds; i++) {
        const Key = `${label}/${c}-${i}`;
        await s3.send(new PutObjectCommand({ Bucket: 'bench-encryption', Key, Body: body, ...mode.put }));
        const got = await s3.send(new GetObjectCommand({ Bucket: 'bench-encryption', Key, ...mode.get }));
        const bytes = await got.Body!.transformToByteArray();
        if (!Buffer.from(bytes).equals(body)) throw new Error(`${label}: the bytes read back differ`);
      }
    }),
  );
}
