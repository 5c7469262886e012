/**
 * `npm run bench:cost`: dollars per million requests for the main operations, from what each one measurably asks of
 * AWS on the local stack (a warm container in this process, the same use cases and S3 pipeline as the handlers):
 * function duration (median), DynamoDB capacity (ReturnConsumedCapacity), blob-bucket requests; priced with the memory
 * and architecture of the packaged template and the list prices in bench/support/aws-prices.ts (dated, sourced).
 * Prints S3's own request price beside the facade's, and the API in front as a REST API (what is deployed), an HTTP API
 * or function URLs. Durations on this machine stand in for Lambda's; asserts nothing.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketNotificationConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { createAwsClients, resourceNames } from '../lib/aws';
import { loadServiceConfig } from '../lib/config';
import { MerchantRepository } from '../lib/gateway';
import namedTestCards from '../lib/gateway/acquirers/fixtures/sandbox-test-cards.json' with { type: 'json' };
import { createGatewayDependencies } from '../lib/gateway/gateway-wiring';
import { createTransaction } from '../lib/gateway/use-cases/create-transaction';
import { getTransaction } from '../lib/gateway/use-cases/get-transaction';
import { captureTransaction } from '../lib/gateway/use-cases/settle-transaction';
import { createStorageWiring } from '../lib/storage/storage-wiring';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';
import { inProcessS3 } from '../test/support/in-process-s3';
import { PRICES } from './support/aws-prices';
import { type AwsUsage, countAwsUsage } from './support/aws-usage';
import { newBenchUser } from './support/storage-bench-clients';

const ROUNDS = Number(process.argv[2] ?? 30);
const run = promisify(execFile);

interface Measured {
  label: string;
  /** The function that serves it, for its memory size. */
  fn: string;
  medianMs: number;
  usage: AwsUsage;
  /** S3's own price per million of this request, where the operation is an S3 one. */
  s3Native?: number;
}

const { memoryMb, architecture } = await packagedFunctions();
const stack = await startEphemeralStack({ name: 'bench-cost', withOffline: false });
try {
  const config = loadServiceConfig(stack.env);
  const clients = createAwsClients(config);
  const usage = countAwsUsage(clients.dynamo, clients.s3);
  const measure = async (label: string, fn: string, work: (i: number) => Promise<unknown>, s3Native?: number) => {
    await work(-1); // warm: secrets, id block, first connections
    const times: number[] = [];
    usage.reset();
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await work(i);
      times.push(performance.now() - started);
    }
    const total = usage.read();
    const per = (n: number) => n / ROUNDS;
    const measured: Measured = {
      label,
      fn,
      medianMs: times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!,
      usage: {
        readUnits: per(total.readUnits),
        writeUnits: per(total.writeUnits),
        s3Tier1: per(total.s3Tier1),
        s3Tier2: per(total.s3Tier2),
      },
      ...(s3Native === undefined ? {} : { s3Native }),
    };
    return measured;
  };

  // Gateway: the use cases the handlers run.
  const deps = createGatewayDependencies(clients, resourceNames(config), config);
  const token = randomUUID();
  await new MerchantRepository(clients.documents, config.gatewayTable).create({
    id: 'm-cost',
    name: 'Cost',
    acquirerAMode: 'loja_sem_autenticacao',
    token,
  });
  const card = (i: number, capturar: string) => ({
    token,
    transacao: {
      capturar,
      pedido: { numero: `c-${i}-${randomUUID().slice(0, 6)}`, total: '10.00', moeda: 'real' },
      pagamento: {
        meio_pagamento: 'acquirerB_ws',
        bandeira: 'visa',
        cartao_numero: namedTestCards.approvedByBrand.visa,
        cartao_cvv: '123',
        cartao_validade: '122030',
      },
    },
  });
  const authorized: number[] = [];
  const rows: Measured[] = [];
  rows.push(
    await measure('gateway create (card)', 'createTransaction', async (i) => {
      const created = await createTransaction(deps, { body: card(i, 'false'), baseUrl: 'http://bench' });
      authorized.push(created.body.transacao.id as number);
    }),
  );
  rows.push(
    await measure('gateway consult', 'getTransaction', (i) =>
      getTransaction(deps, { token, transactionId: authorized[Math.max(0, i)]! }),
    ),
  );
  rows.push(
    await measure('gateway capture', 'captureTransaction', (i) =>
      captureTransaction(deps, { body: { token }, transactionId: authorized[i + 1]! }),
    ),
  );

  // Storage: the S3 pipeline of the storage functions, driven by the SDK v3 through an in-process request handler.
  const wiring = createStorageWiring(clients, config, config);
  const { accessKey, secretKey } = await newBenchUser(stack, 'cost');
  const s3 = inProcessS3(wiring, { accessKeyId: accessKey, secretAccessKey: secretKey });
  const bucket = `cost-${Date.now().toString(36)}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const small = Buffer.alloc(4096, 1);
  const large = Buffer.alloc(1024 * 1024, 2);
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'large', Body: large }));
  for (let i = 0; i < 1000; i++) await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `list/${i}`, Body: 'x' }));
  const versioned = `${bucket}-v`;
  await s3.send(new CreateBucketCommand({ Bucket: versioned }));
  await s3.send(new PutBucketVersioningCommand({ Bucket: versioned, VersioningConfiguration: { Status: 'Enabled' } }));
  for (let i = 0; i < 1000; i++) await s3.send(new PutObjectCommand({ Bucket: versioned, Key: `v/${i % 500}`, Body: 'x' }));
  rows.push(
    await measure(
      'S3 PUT 4 KiB',
      'storageObject',
      (i) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: `small-${i}`, Body: small })),
      PRICES.s3Tier1PerRequest * 1e6,
    ),
  );
  // The same PUT into a bucket with one notification configuration: one more item (the outbox record) in its transaction.
  const notified = `${bucket}-n`;
  await s3.send(new CreateBucketCommand({ Bucket: notified }));
  const topic = { name: 'cost-topic', arn: 'arn:aws:sns:us-east-1::cost-topic', pushEndpoint: 'https://example.com/e' };
  const owner = (await wiring.deps.buckets.get(notified))?.ownerId ?? '';
  await wiring.deps.notifications?.topics.put({ ...topic, ownerId: owner, attributes: {}, createdAt: '' });
  await s3.send(
    new PutBucketNotificationConfigurationCommand({
      Bucket: notified,
      NotificationConfiguration: { TopicConfigurations: [{ TopicArn: topic.arn, Events: ['s3:ObjectCreated:*'] }] },
    }),
  );
  rows.push(
    await measure(
      'S3 PUT 4 KiB notify',
      'storageObject',
      (i) => s3.send(new PutObjectCommand({ Bucket: notified, Key: `small-${i}`, Body: small })),
      PRICES.s3Tier1PerRequest * 1e6,
    ),
  );
  const read = (command: GetObjectCommand | HeadObjectCommand) => s3.send(command as GetObjectCommand);
  rows.push(
    await measure(
      'S3 GET 4 KiB',
      'storageObject',
      async (i) =>
        (await read(new GetObjectCommand({ Bucket: bucket, Key: `small-${Math.max(0, i)}` }))).Body?.transformToByteArray(),
      PRICES.s3Tier2PerRequest * 1e6,
    ),
  );
  rows.push(
    await measure(
      'S3 HEAD 4 KiB',
      'storageObject',
      (i) => read(new HeadObjectCommand({ Bucket: bucket, Key: `small-${Math.max(0, i)}` })),
      PRICES.s3Tier2PerRequest * 1e6,
    ),
  );
  rows.push(
    await measure(
      'S3 GET 1 MiB',
      'storageObject',
      async () => (await read(new GetObjectCommand({ Bucket: bucket, Key: 'large' }))).Body?.transformToByteArray(),
      PRICES.s3Tier2PerRequest * 1e6,
    ),
  );
  rows.push(
    await measure(
      'S3 LIST 1,000 keys',
      'storageBucket',
      () => s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'list/' })),
      PRICES.s3Tier1PerRequest * 1e6,
    ),
  );
  rows.push(
    await measure(
      'S3 LIST 1,000 vers.',
      'storageBucket',
      () => s3.send(new ListObjectVersionsCommand({ Bucket: versioned, Prefix: 'v/' })),
      PRICES.s3Tier1PerRequest * 1e6,
    ),
  );
  print(rows, memoryMb, architecture);
} finally {
  await stack.stop();
}

function print(rows: Measured[], memory: Record<string, number>, arch: string): void {
  const money = (dollars: number) => `$${dollars.toFixed(2)}`.padStart(9);
  console.log(
    `Cost per million requests, ${PRICES.region}, list prices read on ${PRICES.takenOn} (bench/support/aws-prices.ts; AWS's`,
  );
  console.log(`public pricing pages for Lambda, API Gateway, DynamoDB on-demand and S3). Lambda ${arch}; ${ROUNDS} rounds each.`);
  console.log(
    `${'operation'.padEnd(20)} ${'ms'.padStart(6)} ${'MB'.padStart(5)} ${'RRU'.padStart(5)} ${'WRU'.padStart(5)} ${'S3 req'.padStart(6)}` +
      `${'Lambda'.padStart(10)}${'DynamoDB'.padStart(10)}${'blobs'.padStart(9)}${'REST API'.padStart(10)}${'= total'.padStart(10)}` +
      `${'HTTP API'.padStart(10)}${'fn URL'.padStart(9)}${'S3 itself'.padStart(10)}`,
  );
  for (const row of rows) {
    const mb = memory[row.fn] ?? memory.default!;
    const billedMs = Math.max(1, Math.ceil(row.medianMs));
    const lambda = 1e6 * (PRICES.lambdaPerRequest + (billedMs / 1000) * (mb / 1024) * PRICES.lambdaArmPerGbSecond);
    const dynamo = 1e6 * (row.usage.readUnits * PRICES.dynamoPerReadUnit + row.usage.writeUnits * PRICES.dynamoPerWriteUnit);
    const blobs = 1e6 * (row.usage.s3Tier1 * PRICES.s3Tier1PerRequest + row.usage.s3Tier2 * PRICES.s3Tier2PerRequest);
    const base = lambda + dynamo + blobs;
    console.log(
      `${row.label.padEnd(20)} ${row.medianMs.toFixed(1).padStart(6)} ${String(mb).padStart(5)} ${row.usage.readUnits.toFixed(1).padStart(5)} ` +
        `${row.usage.writeUnits.toFixed(1).padStart(5)} ${(row.usage.s3Tier1 + row.usage.s3Tier2).toFixed(1).padStart(6)}` +
        `${money(lambda)} ${money(dynamo)}${money(blobs)} ${money(PRICES.restApiPerRequest * 1e6)} ${money(base + PRICES.restApiPerRequest * 1e6)}` +
        ` ${money(base + PRICES.httpApiPerRequest * 1e6)}${money(base + PRICES.functionUrlPerRequest * 1e6)}` +
        `${row.s3Native === undefined ? '        -' : ` ${money(row.s3Native)}`}`,
    );
  }
  console.log(
    'Columns: median in-process duration (billed rounded up to 1 ms), memory from the packaged template, DynamoDB read and',
  );
  console.log(
    'write request units and blob-bucket requests per operation; then dollars per million: Lambda (requests + GB-s), DynamoDB,',
  );
  console.log(
    'the blob bucket, API Gateway REST (deployed today) and the total with it; the same total behind an HTTP API or function',
  );
  console.log(
    "URLs; and S3's own request price for the same S3 call. Excluded: data transfer out, storage per GB-month, CloudWatch.",
  );
}

/** Memory per function (and the provider default) and the architecture, from serverless.yml resolved as deploy does. */
async function packagedFunctions(): Promise<{ memoryMb: Record<string, number>; architecture: string }> {
  const { stdout } = await run('npx', ['--no-install', 'serverless', 'print', '--format', 'json', '--stage', 'production'], {
    maxBuffer: 32 * 1024 * 1024,
    env: { ...process.env, SLS_TELEMETRY_DISABLED: '1', SLS_NOTIFICATIONS_MODE: 'off' },
  });
  const resolved = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
    provider: { memorySize?: number; architecture?: string };
    functions: Record<string, { memorySize?: number }>;
  };
  const fallback = resolved.provider.memorySize ?? 1024;
  const memoryMb: Record<string, number> = { default: fallback };
  for (const [name, fn] of Object.entries(resolved.functions)) memoryMb[name] = fn.memorySize ?? fallback;
  return { memoryMb, architecture: resolved.provider.architecture ?? 'x86_64' };
}
