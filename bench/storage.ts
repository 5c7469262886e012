/**
 * `npm run bench:storage`: the facade (serverless offline → Lambda handler → DynamoDB Local + s3rver) against its
 * own blob backend alone (s3rver) and moto_server (Python, started here as a peer), in the same run, with
 * CLIENTS concurrent SDK v3 clients: PUT 4 KiB, GET 4 KiB, HEAD, 1 MiB PUT+GET and LIST of a 1,000-key bucket.
 * Prints the table; asserts nothing. `BENCH_STORAGE_SCALE` (default 1) multiplies the number of requests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';
import { freePort } from '../scripts/local/ports';
import { cpuPerOperation, listenerPid } from './support/process-cpu';
import { benchS3Client, storageBenchClients } from './support/storage-bench-clients';

const CLIENTS = 8;
const SCALE = Number(process.env.BENCH_STORAGE_SCALE ?? 1);
const SMALL_KEYS = 1000; // the 4 KiB PUTs write exactly the bucket that LIST reads
const LARGE_ROUNDS = Math.max(1, Math.round(4 * SCALE)); // 1 MiB PUT+GET per client
const READ_ROUNDS = Math.max(1, Math.round(2 * SCALE)); // GET and HEAD: passes over the 1,000 keys
const LIST_ROUNDS = Math.max(1, Math.round(3 * SCALE)); // full listings per client
const WARM_ROUNDS = 50; // PUTs, then GETs and HEADs of them, per client before anything is measured

type Figures = Record<'put' | 'get' | 'head' | 'large' | 'list', number> & {
  /** CPU ms per request of each process serving the peer (and of this one), in the 4 KiB PUT and GET phases. */
  cpu: { put: Record<string, number>; get: Record<string, number> };
};
/** The processes whose CPU a peer's requests use; undefined is this process (the clients, and s3rver in-process). */
type Processes = Record<string, number | undefined>;

console.log('Starting the local stack (in memory) and moto_server...');
const stack = await startEphemeralStack({ name: 'bench-storage', withOffline: true });
const motoPort = await freePort();
const moto = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(motoPort)], { stdio: 'ignore' });
try {
  await waitForHttp(`http://127.0.0.1:${motoPort}/`, moto);
  const clients = await storageBenchClients(stack);
  const thisProcess = 'bench process (clients, s3rver)';
  const peers: Record<string, [() => S3Client, Processes]> = {
    facade: [
      clients.facade,
      {
        'serverless offline': listenerPid(new URL(stack.baseUrl).port),
        'DynamoDB Local': listenerPid(new URL(stack.dynamodbEndpoint).port),
        [thisProcess]: undefined,
      },
    ],
    s3rver: [clients.s3rver, { [thisProcess]: undefined }],
    moto_server: [
      () => benchS3Client(`http://127.0.0.1:${motoPort}`, { accessKeyId: 'bench', secretAccessKey: 'bench' }),
      { moto_server: listenerPid(motoPort), [thisProcess]: undefined },
    ],
  };
  const results: Record<string, Figures> = {};
  for (const [name, [make, processes]] of Object.entries(peers)) {
    console.log(`  ${name}...`);
    results[name] = await run(Array.from({ length: CLIENTS }, make), `bench-${name.replace('_', '-')}`, processes);
  }
  const rows: [string, Exclude<keyof Figures, 'cpu'>][] = [
    ['PUT 4 KiB (ops/s)', 'put'],
    ['GET 4 KiB (ops/s)', 'get'],
    ['HEAD (ops/s)', 'head'],
    ['1 MiB PUT+GET (MB/s)', 'large'],
    ['LIST 1,000 keys (lists/s)', 'list'],
  ];
  const { facade, s3rver, moto_server: motoServer } = results as Record<'facade' | 's3rver' | 'moto_server', Figures>;
  console.log(`\n${CLIENTS} concurrent SDK v3 clients, one run:\n`);
  console.log('| figure | facade | s3rver | moto_server | facade/moto |');
  console.log('|---|---|---|---|---|');
  for (const [label, figure] of rows) {
    const cell = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
    console.log(
      `| ${label} | ${cell(facade[figure])} | ${cell(s3rver[figure])} | ${cell(motoServer[figure])} | ${(facade[figure] / motoServer[figure]).toFixed(2)}× |`,
    );
  }
  console.log(`\n1 MiB facade/s3rver: ${(facade.large / s3rver.large).toFixed(2)}×`);
  // On two cores every process competes for the same CPU: CPU per request, not waiting, sets the throughput.
  console.log('\nCPU ms per request (user + system), 4 KiB PUT / GET phases:\n');
  console.log('| peer | process | PUT | GET |');
  console.log('|---|---|---|---|');
  for (const [name, figures] of Object.entries(results)) {
    for (const process of Object.keys(figures.cpu.put)) {
      console.log(`| ${name} | ${process} | ${figures.cpu.put[process]!.toFixed(2)} | ${figures.cpu.get[process]!.toFixed(2)} |`);
    }
  }
} finally {
  moto.kill('SIGTERM');
  await stack.stop();
}

/** Every figure against one peer, each phase timed on its own with all clients busy. */
async function run(clients: S3Client[], bucket: string, processes: Processes): Promise<Figures> {
  await clients[0]!.send(new CreateBucketCommand({ Bucket: bucket }));
  const small = randomBytes(4 * 1024);
  const large = randomBytes(1024 * 1024);
  const keyOf = (i: number) => `dir-${i % 10}/key-${String(i).padStart(5, '0')}`;
  // Warm-up: cold module loads, first connections and JIT compilation are not measured. Every peer's requests warm
  // its servers and the clients' own code (the SDK, shared by all peers in this process): without it the first peer
  // measured would pay the clients' compilation for everyone.
  const warmKey = (c: number, i: number) => `warm-${c}-${i}`;
  await parallel(clients, WARM_ROUNDS, (s3, c, i) =>
    s3.send(new PutObjectCommand({ Bucket: bucket, Key: warmKey(c, i), Body: small })),
  );
  await parallel(clients, WARM_ROUNDS, async (s3, c, i) => {
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: warmKey(c, i) }));
    await got.Body!.transformToByteArray();
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: warmKey(c, i) }));
  });
  const perClient = SMALL_KEYS / clients.length;
  let put = 0;
  let get = 0;
  const putCpu = await cpuPerOperation(processes, SMALL_KEYS, async () => {
    put = await opsPerSecond(clients, perClient, (s3, c, i) =>
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(c * perClient + i), Body: small })),
    );
  });
  const getCpu = await cpuPerOperation(processes, SMALL_KEYS * READ_ROUNDS, async () => {
    get = await opsPerSecond(clients, perClient * READ_ROUNDS, async (s3, c, i) => {
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf((c * perClient + i) % SMALL_KEYS) }));
      await got.Body!.transformToByteArray();
    });
  });
  const head = await opsPerSecond(clients, perClient * READ_ROUNDS, (s3, c, i) =>
    s3.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf((c * perClient + i) % SMALL_KEYS) })),
  );
  const largeOps = await opsPerSecond(clients, LARGE_ROUNDS, async (s3, c, i) => {
    const Key = `large/${c}-${i}`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: large }));
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
    await got.Body!.transformToByteArray();
  });
  const list = await opsPerSecond(clients, LIST_ROUNDS, async (s3) => {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'dir-', MaxKeys: 1000 }));
    if (page.KeyCount !== SMALL_KEYS) throw new Error(`LIST returned ${page.KeyCount} keys`);
  });
  return { put, get, head, large: (largeOps * 2 * large.length) / 1e6, list, cpu: { put: putCpu, get: getCpu } };
}

async function parallel(clients: S3Client[], perClient: number, op: (s3: S3Client, c: number, i: number) => Promise<unknown>) {
  await Promise.all(
    clients.map(async (s3, c) => {
      for (let i = 0; i < perClient; i++) await op(s3, c, i);
    }),
  );
}

async function opsPerSecond(
  clients: S3Client[],
  perClient: number,
  op: (s3: S3Client, c: number, i: number) => Promise<unknown>,
) {
  const started = performance.now();
  await parallel(clients, perClient, op);
  return (clients.length * perClient) / ((performance.now() - started) / 1000);
}

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`moto_server did not answer on ${url}`);
}
