import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MAX_OBJECT_BYTES } from '../../../lib/config';
import { generateAccessKeyPair } from '../../../lib/storage';
import { MAX_CACHED_BLOB_BYTES } from '../../../lib/storage/blob-cache/cached-blob-storage';
import { startDynamoDbLocal } from '../../../scripts/local/dynamodb-local';
import { type LocalStack, startLocalStack } from '../../../scripts/local/local-stack';
import { freePort } from '../../../scripts/local/ports';
import { startS3Emulator } from '../../../scripts/local/s3-emulator';
import { seedStage } from '../../../scripts/shared/seed';
import { cardBody } from '../../support/gateway-bodies';

/**
 * Each dependency taken down under a running stack of its own (persistent data dir), then brought back: every
 * surface answers fast in its own format with a 503 and Retry-After, no write is acknowledged that did not commit,
 * and after the restart everything written before is there.
 */
const token = randomUUID();
const user = { id: 'outage', displayName: 'Outage', email: 'outage@example.com', ...generateAccessKeyPair() };
const BUCKET = 'outage-bucket';
const body = randomBytes(64 * 1024);
// Over the size a storage container keeps in memory (lib/storage/blob-cache): every GET of it reads the blob store.
const large = randomBytes(MAX_CACHED_BLOB_BYTES + 1);
// A request must be answered well within API Gateway's 29 s, even with the SDK's retries.
const BUDGET_MS = 15_000;

let stack: LocalStack;
let dataDir: string;
let ports: { http: number; dynamodb: number; s3: number; lambda: number };
const stopRestarted: (() => Promise<void>)[] = [];
let s3: S3Client;
let transactionId: string;

const timed = async <T>(call: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  const result = await call();
  expect(Date.now() - started).toBeLessThan(BUDGET_MS);
  return result;
};
const get = (path: string) => timed(() => fetch(`${stack.baseUrl}${path}`));
const createTransaction = () =>
  timed(() =>
    fetch(`${stack.baseUrl}/v1/transacao`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cardBody(token, { pedido: { numero: '1', descricao: 'Outage' } })),
    }),
  );

async function expectGatewayUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await response.json()).transacao.erro.codigo).toBe('098');
}

async function expectS3Unavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.text()).toContain('<Code>ServiceUnavailable</Code>');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gwstore-outage-'));
  ports = { http: await freePort(), dynamodb: await freePort(), s3: await freePort(), lambda: await freePort() };
  stack = await startLocalStack({
    cwd: process.cwd(),
    stage: 'sandbox',
    dataDir,
    persistent: true,
    ports,
    withOffline: true,
    functionEnv: { STORAGE_MAX_OBJECT_BYTES: String(LOCAL_MAX_OBJECT_BYTES) },
    beforeServing: async (context) => {
      await seedStage(
        {
          merchants: [{ id: 'm-outage', name: 'Outage Store', token, acquirerAMode: 'loja_sem_autenticacao' }],
          storageUsers: [{ ...user, accessKey: user.accessKey, secretKey: user.secretKey }],
        },
        context,
      );
    },
  });
  s3 = new S3Client({
    endpoint: stack.baseUrl,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: user.accessKey, secretAccessKey: user.secretKey },
    maxAttempts: 1, // the client's own retries would hide the 503s this test is about
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'kept.bin', Body: body, ACL: 'public-read' }));
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'large.bin', Body: large, ACL: 'public-read' }));
  const created = await createTransaction();
  expect(created.status).toBe(201);
  transactionId = (await created.json()).transacao.id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  for (const stop of stopRestarted) await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DynamoDB down, then back', () => {
  it('answers 503 with Retry-After in each surface format, acknowledges no write, and serves the old data after restart', async () => {
    // DynamoDB Local puts a TransactWriteItems on disk up to ~200 ms after acknowledging it (DynamoDB does not: see
    // crash-recovery.test.ts); the writes of beforeAll must be on disk before the kill for this test to be about us.
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(-stack.emulators.dynamodb.child.pid!, 'SIGKILL');

    await expectGatewayUnavailable(await get(`/v1/transacao/${transactionId}?token=${token}`));
    await expectGatewayUnavailable(await createTransaction());
    await expectS3Unavailable(await get(`/${BUCKET}/kept.bin`));
    const page = await get(`/v1/boleto/${randomUUID()}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('retry-after')).not.toBeNull();
    const html = await page.text();
    expect(html).toContain('temporariamente indisponível');
    expect(html).not.toMatch(/\bat \S+\.(ts|js):\d+|Error:|ECONNREFUSED|DynamoDB/);
    const health = await get('/v1/health');
    expect(health.status).toBe(503);
    expect((await health.json()).checks).toMatchObject({ gatewayTable: 'unreachable', storageTable: 'unreachable' });

    const restarting = Date.now();
    const restarted = await startDynamoDbLocal({ port: ports.dynamodb, dbPath: join(dataDir, 'dynamodb') });
    stopRestarted.push(() => restarted.stop());
    expect((await get('/v1/health')).status).toBe(200);
    console.log(`outage test: DynamoDB Local restarted and the stack healthy again in ${Date.now() - restarting} ms`);
    const consulted = await get(`/v1/transacao/${transactionId}?token=${token}`);
    expect(consulted.status).toBe(200);
    expect((await consulted.json()).transacao).toMatchObject({ id: transactionId, status: 'paga' });
    // The refused create left nothing behind: only the one transaction acknowledged before the outage exists.
    const listed = await (await get(`/v1/transacao?token=${token}`)).json();
    expect(listed.transacoes.map((t: { id: string }) => t.id)).toEqual([transactionId]);
    const object = await get(`/${BUCKET}/kept.bin`);
    expect(Buffer.from(await object.arrayBuffer()).equals(body)).toBe(true);
  });
});

describe('the blob store down, then back', () => {
  it('answers 503 ServiceUnavailable, commits no metadata for a PUT whose blob was not written, and reads again after restart', async () => {
    await stack.emulators.s3.stop();

    await expectS3Unavailable(await get(`/${BUCKET}/large.bin`));
    // A small blob the container wrote is in its memory: served still, as named by the item just read.
    const cached = await get(`/${BUCKET}/kept.bin`);
    expect(cached.status).toBe(200);
    expect(Buffer.from(await cached.arrayBuffer()).equals(body)).toBe(true);
    const refused = await timed(() =>
      s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'never.bin', Body: body })).catch((error: unknown) => error),
    );
    expect(refused).toMatchObject({ name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
    expect((await get('/v1/health')).status).toBe(503);

    const restarted = await startS3Emulator({ port: ports.s3, directory: join(dataDir, 's3') });
    stopRestarted.push(() => restarted.stop());
    const kept = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'kept.bin' }));
    expect(Buffer.from(await kept.Body!.transformToByteArray()).equals(body)).toBe(true);
    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'large.bin' }));
    expect(Buffer.from(await read.Body!.transformToByteArray()).equals(large)).toBe(true);
    const never = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'never.bin' })).catch((error: unknown) => error);
    expect(never).toMatchObject({ name: 'NoSuchKey' });
  });
});
