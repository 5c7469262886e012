import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { generateAccessKeyPair, sweepOrphanBlobs } from '../../../lib/storage';
import { ObjectRepository } from '../../../lib/storage/store/object-repository';
import { S3BlobStore } from '../../../lib/storage/store/s3-blob-store';
import { UploadRepository } from '../../../lib/storage/store/upload-repository';
import { VersionRepository } from '../../../lib/storage/store/version-repository';
import { connect } from '../../../scripts/cli/target';
import { assertPortFree } from '../../../scripts/local/ports';
import { cardBody } from '../../support/gateway-bodies';

/**
 * A hard kill (SIGKILL, no shutdown) of the whole `npm start` stack in the middle of a mixed load of payments and
 * object writes, then a restart on the same DATA_DIR: nothing acknowledged is lost, nothing is stuck or duplicated,
 * no metadata points at a missing blob, and the sweeper removes exactly the blobs whose commit never happened.
 * CRASH_LOAD_SECONDS sets how long the load runs before the kill (default 3).
 */
const LOAD_MS = Number(process.env.CRASH_LOAD_SECONDS ?? 3) * 1000;
const WORKERS = 6;
const token = randomUUID();
const user = { id: 'crash', displayName: 'Crash', email: 'crash@example.com', ...generateAccessKeyPair() };
const dataDir = mkdtempSync(join(tmpdir(), 'gwstore-crash-'));
const seedFile = join(dataDir, 'seed.json');
writeFileSync(
  seedFile,
  JSON.stringify({
    merchants: [{ id: 'm-crash', name: 'Crash Store', token, acquirerAMode: 'loja_sem_autenticacao' }],
    storageUsers: [user],
  }),
);
const running: ChildProcess[] = [];

async function freeBasePort(): Promise<number> {
  for (;;) {
    const base = 20_000 + 4 * Math.floor(Math.random() * 5_000);
    const taken = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        assertPortFree(base + i, 'test').then(
          () => false,
          () => true,
        ),
      ),
    );
    if (!taken.some(Boolean)) return base;
  }
}

/** `npm start`'s own entry point, waited for until it prints that it is ready. */
async function startStack(port: number): Promise<ChildProcess> {
  const child = spawn('npx', ['--no-install', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_FILE: seedFile, LOG_LEVEL: 'ERROR' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start not ready in 150 s:\n${output.slice(-2000)}`)), 150_000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Local stack ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output.slice(-2000)}`)));
  });
  child.removeAllListeners('exit');
  return child;
}

/**
 * Every process of the stack, as a power cut would: the application tier first (serverless offline, and the launcher
 * with s3rver in it), DynamoDB Local half a second later. DynamoDB Local acknowledges a TransactWriteItems up to
 * ~200 ms before it is on disk (measured: a SIGKILL right after the answer loses the last transaction; 200 ms later it
 * never does), a window DynamoDB itself does not have (a write is durable when it is acknowledged). Killing the
 * emulator a moment after the application keeps the test about our code: whatever the application had acknowledged
 * must survive.
 */
async function killHard(port: number, launcher: ChildProcess): Promise<void> {
  const listenerPids = (ports: number[]) => {
    const filter = ports.map((p) => `sport = :${p}`).join(' or ');
    const listeners = execFileSync('ss', ['-ltnpH', `( ${filter} )`], { encoding: 'utf8' });
    return new Set([...listeners.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1])));
  };
  const application = listenerPids([port, port + 1]);
  const emulator = listenerPids([port + 2]);
  for (const pid of application) process.kill(pid, 'SIGKILL');
  process.kill(-launcher.pid!, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const pid of emulator) process.kill(pid, 'SIGKILL');
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

afterAll(() => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash of the whole local stack under load', () => {
  it('loses no acknowledged write, leaves nothing stuck, duplicated or dangling, and the sweeper reconciles', async () => {
    const port = await freeBasePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const launcher = await startStack(port);
    const s3 = new S3Client({
      endpoint: baseUrl,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: user.accessKey, secretAccessKey: user.secretKey },
      maxAttempts: 1,
    });
    const bucket = 'crash-bucket';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));

    const payments: string[] = [];
    const objects = new Map<string, string>();
    let stop = false;
    const load = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; !stop; i++) {
        try {
          if (worker % 2 === 0) {
            const reply = await fetch(`${baseUrl}/v1/transacao`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(cardPayment(`${worker}-${i}`)),
            });
            if (reply.status === 201) payments.push((await reply.json()).transacao.id);
          } else {
            const key = `w${worker}/${i}.bin`;
            const body = randomBytes(1024 + Math.floor(Math.random() * 64 * 1024));
            await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
            objects.set(key, sha(body));
          }
        } catch {
          // The kill cuts requests off: unacknowledged, so nothing is promised about them.
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    await killHard(port, launcher);
    stop = true;
    await Promise.all(load);
    expect(payments.length).toBeGreaterThan(0);
    expect(objects.size).toBeGreaterThan(0);

    const relaunched = await startStack(port);
    // Every acknowledged payment is there, paid, once.
    for (const id of payments) {
      const consulted = await fetch(`${baseUrl}/v1/transacao/${id}?token=${token}`);
      expect(consulted.status).toBe(200);
      expect((await consulted.json()).transacao.status).toBe('paga');
    }
    const listed: { id: string; status: string }[] = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const page: { transacoes: { id: string; status: string }[]; proximo_cursor: string | null } = await (
        await fetch(`${baseUrl}/v1/transacao?token=${token}&limite=100${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      listed.push(...page.transacoes);
      cursor = page.proximo_cursor;
    }
    expect(new Set(listed.map((t) => t.id)).size).toBe(listed.length);
    expect(listed.filter((t) => t.status !== 'paga')).toEqual([]); // none stuck between states
    expect(listed.map((t) => t.id)).toEqual(expect.arrayContaining(payments));

    // Every acknowledged object reads back byte-exact; every listed object (acknowledged or not) has its blob.
    for (const [key, digest] of objects) {
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(sha(await got.Body!.transformToByteArray())).toBe(digest);
    }
    const keys: string[] = [];
    for (let continuation: string | undefined, more = true; more; ) {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: continuation }));
      keys.push(...(page.Contents ?? []).map((item) => item.Key!));
      continuation = page.NextContinuationToken;
      more = page.IsTruncated === true;
    }
    for (const key of keys) {
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect((await got.Body!.transformToByteArray()).length).toBeGreaterThan(0);
    }

    // Blobs written by requests the kill cut off before their commit are orphans: the sweeper removes exactly those.
    const stage = await connect('local', 'sandbox', { PORT: String(port) });
    const inventory = new S3BlobStore(stage.clients.s3, stage.names.blobBucket);
    const report = await sweepOrphanBlobs(
      {
        inventory,
        objects: new ObjectRepository(stage.clients.documents, stage.names.storageTable),
        versions: new VersionRepository(stage.clients.documents, stage.names.storageTable),
        uploads: new UploadRepository(stage.clients.documents, stage.names.storageTable),
      },
      { olderThan: new Date(Date.now() + 5_000) },
    );
    expect(report.referenced).toBe(keys.length);
    expect((await inventory.list()).blobs.length).toBe(keys.length);
    // A dependency dying under a running `npm start` stops it, non-zero and naming what died (never a silent broken stack).
    let output = '';
    relaunched.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    relaunched.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => relaunched.once('exit', resolve));
    const dynamodbPid = /pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port + 2}`], { encoding: 'utf8' }))![1]!;
    process.kill(Number(dynamodbPid), 'SIGKILL');
    expect(await exited).toBe(1);
    expect(output).toContain('DynamoDB Local exited unexpectedly');
    console.log(
      `crash test: ${payments.length} payments and ${objects.size} objects acknowledged before the kill, all read back; ` +
        `${keys.length} objects listed after restart, ${report.removed} orphan blobs swept`,
    );
  }, 420_000);
});

function cardPayment(numero: string) {
  return cardBody(token, { pedido: { numero, descricao: 'Crash test' } });
}
