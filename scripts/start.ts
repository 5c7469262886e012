/**
 * `npm start`: the whole service on this machine, on real emulators, data kept under DATA_DIR.
 * Ctrl-C or SIGTERM stops every process it started.
 */
import { resolve } from 'node:path';
import { loadLocalStackConfig, processEnv } from '../lib/config';
import { createPixExpiry, createWebhookDelivery } from '../lib/gateway/gateway-wiring';
import { expirePixCharges } from '../lib/gateway/use-cases/pix-expiry';
import { startDeliveryTimer } from '../lib/gateway/webhooks/delivery-loop';
import { startPassTimer } from '../lib/scheduling/pass-timer';
import { applyLifecycle, flushAccessLogs } from '../lib/storage';
import { createNotificationDelivery } from '../lib/storage/notification-wiring';
import { deliverDueNotifications } from '../lib/storage/notifications/deliver-notifications';
import { createStorageWiring } from '../lib/storage/storage-wiring';
import { Lifecycle } from './local/lifecycle';
import { startLocalStack } from './local/local-stack';
import { assertPortFree } from './local/ports';
import { readSeedFile, seedStage } from './shared/seed';

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadLocalStackConfig(processEnv());
  const ports = { http: config.port, s3: config.port + 1, dynamodb: config.port + 2, lambda: config.port + 3 };
  await assertPortFree(ports.http, 'PORT, the API');
  await assertPortFree(ports.s3, 'PORT+1, the S3 emulator');
  await assertPortFree(ports.dynamodb, 'PORT+2, DynamoDB Local');
  await assertPortFree(ports.lambda, 'PORT+3, serverless-offline Lambda invoke');
  const seed = readSeedFile(config.seedFile);

  // Signals are handled from here on, so that Ctrl-C during start-up stops what already runs.
  const lifecycle = new Lifecycle();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping serverless offline, s3rver and DynamoDB Local...`);
    await lifecycle.stopAll();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const verbose = processEnv().VERBOSE === '1';
  let seeded: Awaited<ReturnType<typeof seedStage>> | undefined;
  console.log(`Starting the local stack (stage ${config.stage}, data in ${resolve(config.dataDir)})...`);
  const stack = await startLocalStack({
    cwd: process.cwd(),
    stage: config.stage,
    dataDir: config.dataDir,
    persistent: true,
    ports,
    withOffline: true,
    lifecycle,
    // Seeded before the API listens: /v1/health never says ready while seeded keys would still be refused.
    beforeServing: async (context) => {
      seeded = await seedStage(seed, context);
    },
    // Never keep serving a broken stack silently: name what died, stop the rest, exit non-zero.
    onCrash: (name, code, signal) => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${name} exited unexpectedly (${signal ?? `code ${code}`}): stopping the local stack.`);
      void lifecycle.stopAll().then(() => process.exit(1));
    },
    functionEnv: {
      STORAGE_BASE_HOST: config.storageBaseHost,
      // Where the stack is reached when not at http://127.0.0.1:$PORT (a proxy, another host name).
      ...(processEnv().PUBLIC_BASE_URL ? { PUBLIC_BASE_URL: String(processEnv().PUBLIC_BASE_URL) } : {}),
      STORAGE_WEBSITE_HOST: config.storageWebsiteHost,
      STORAGE_MAX_OBJECT_BYTES: String(config.storageMaxObjectBytes),
      // Local only: webhooks may target http:// and this machine (a receiver on 127.0.0.1).
      WEBHOOK_ALLOW_PRIVATE: '1',
      ...(processEnv().WEBHOOK_RETRY_BASE_SECONDS
        ? { WEBHOOK_RETRY_BASE_SECONDS: String(processEnv().WEBHOOK_RETRY_BASE_SECONDS) }
        : {}),
      // http:// acquirer and bank URLs (local fakes), when asked for: `ACQUIRER_ALLOW_HTTP=1 npm start` (docs/operations.md).
      ...(processEnv().ACQUIRER_ALLOW_HTTP ? { ACQUIRER_ALLOW_HTTP: String(processEnv().ACQUIRER_ALLOW_HTTP) } : {}),
      // A shorter lifecycle "day" for trying rules out (DESIGN §7.6), as RGW's rgw_lc_debug_interval.
      ...(processEnv().STORAGE_LIFECYCLE_DAY_SECONDS
        ? { STORAGE_LIFECYCLE_DAY_SECONDS: String(processEnv().STORAGE_LIFECYCLE_DAY_SECONDS) }
        : {}),
      // The bucket limit of users without their own (RGW's rgw_user_max_buckets).
      ...(processEnv().STORAGE_MAX_BUCKETS_PER_USER
        ? { STORAGE_MAX_BUCKETS_PER_USER: String(processEnv().STORAGE_MAX_BUCKETS_PER_USER) }
        : {}),
      // GetObjectTorrent's size limit and tracker (docs/storage.md, GetObjectTorrent).
      ...(processEnv().STORAGE_TORRENT_MAX_BYTES
        ? { STORAGE_TORRENT_MAX_BYTES: String(processEnv().STORAGE_TORRENT_MAX_BYTES) }
        : {}),
      ...(processEnv().STORAGE_TORRENT_TRACKER ? { STORAGE_TORRENT_TRACKER: String(processEnv().STORAGE_TORRENT_TRACKER) } : {}),
      // How long access log records wait for delivery (DESIGN §7.6).
      ...(processEnv().STORAGE_LOG_FLUSH_SECONDS
        ? { STORAGE_LOG_FLUSH_SECONDS: String(processEnv().STORAGE_LOG_FLUSH_SECONDS) }
        : {}),
    },
    // Function logs (JSON lines) and request lines go to the terminal; emulator chatter only with VERBOSE=1.
    onOutput: (source, chunk) => {
      if (source === 'offline' || verbose) process.stdout.write(chunk);
    },
  });

  // Webhook delivery: on AWS a scheduled function; here the same code on a timer, against the same tables.
  const delivery = startDeliveryTimer(createWebhookDelivery(stack.context.clients, stack.context.names, stack.context.config), {
    everyMs: 1000,
    onRun: (run) => {
      if (run.attempted > 0)
        console.log(`webhooks: ${run.delivered} delivered, ${run.attempted - run.delivered} failed attempts`);
    },
    onError: (error) =>
      console.error(`webhooks: delivery pass failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  lifecycle.add(() => delivery.stop());

  // Storage lifecycle: on AWS an hourly function; here the same pass on a timer, often enough for a short debug day.
  const { deps: storage } = createStorageWiring(stack.context.clients, stack.context.names, stack.context.config);
  const daySeconds = stack.context.config.storageLifecycleDaySeconds;
  const lifecyclePass = startPassTimer(() => applyLifecycle(storage, { now: new Date(), daySeconds }), {
    everyMs: Math.min(60_000, Math.max(1000, (daySeconds * 1000) / 10)),
    onRun: (run) => {
      const removed = run.expired + run.noncurrentRemoved + run.deleteMarkersRemoved + run.uploadsAborted;
      if (removed > 0) console.log(`lifecycle: ${removed} removed or aborted in ${run.buckets} bucket(s)`);
    },
    onError: (error) => console.error(`lifecycle: pass failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  lifecycle.add(() => lifecyclePass.stop());

  // Bucket notifications: on AWS a scheduled function; here the same drainer every second.
  const notifyDeps = createNotificationDelivery(stack.context.clients, stack.context.names, stack.context.config);
  const notify = startPassTimer(() => deliverDueNotifications(notifyDeps), {
    everyMs: 1000,
    onRun: (run) => {
      if (run.attempted > 0)
        console.log(`notifications: ${run.delivered} delivered, ${run.attempted - run.delivered} failed attempts`);
    },
    onError: (error) =>
      console.error(`notifications: delivery pass failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  lifecycle.add(() => notify.stop());

  // Access log delivery: on AWS a function every minute; here the same pass four times a second.
  const LOG_PASS_MS = 250;
  const flushSeconds = Math.max(0, stack.context.config.storageLogFlushSeconds - LOG_PASS_MS / 1000);
  const logDelivery = startPassTimer(() => flushAccessLogs(storage, { now: new Date(), flushSeconds }), {
    everyMs: LOG_PASS_MS,
    onError: (error) =>
      console.error(`access logs: delivery pass failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  lifecycle.add(() => logDelivery.stop());

  // Pix expiry: on AWS a function every minute; here the same pass every 2 s (a charge is negada seconds after expira_em).
  const pixExpiryDeps = createPixExpiry(stack.context.clients, stack.context.names);
  const pixExpiry = startPassTimer(() => expirePixCharges(pixExpiryDeps), {
    everyMs: 2000,
    onRun: (run) => {
      if (run.expired > 0) console.log(`pix: ${run.expired} charge(s) expired unpaid`);
    },
    onError: (error) => console.error(`pix: expiry pass failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  lifecycle.add(() => pixExpiry.stop());

  printBanner(
    stack.baseUrl,
    stack.dynamodbEndpoint,
    stack.s3Endpoint,
    config,
    seed,
    seeded ?? { created: [], existing: [] },
    stack.provisioned,
    Date.now() - startedAt,
  );
}

function printBanner(
  baseUrl: string,
  dynamodbEndpoint: string,
  s3Endpoint: string,
  config: ReturnType<typeof loadLocalStackConfig>,
  seed: ReturnType<typeof readSeedFile>,
  seeded: { created: string[]; existing: string[] },
  provisioned: string[],
  elapsedMs: number,
): void {
  const lines = [
    '',
    `Local stack ready in ${(elapsedMs / 1000).toFixed(1)} s (stage ${config.stage})`,
    '',
    `  API (gateway + S3)   ${baseUrl}`,
    `  Health               ${baseUrl}/v1/health`,
    `  Gateway API          ${baseUrl}/v1/transacao   (reference: ${baseUrl}/v1/docs)`,
    `  Admin UI             ${baseUrl}/v1/admin/   (log in with a seeded admin below)`,
    `  Webhooks             ${baseUrl}/v1/webhooks   (delivered every second; http:// and 127.0.0.1 allowed locally)`,
    `  S3 endpoint          ${baseUrl}   (virtual-host style: <bucket>.${config.storageBaseHost}:${config.port})`,
    `  Website endpoint     http://<bucket>.${config.storageWebsiteHost}:${config.port}/   (buckets with ?website)`,
    `  DynamoDB Local       ${dynamodbEndpoint}   (listens on all interfaces)`,
    `  S3 emulator (blobs)  ${s3Endpoint}`,
    '',
    `  Created: ${provisioned.length ? provisioned.join(', ') : 'nothing (tables and bucket already there)'}`,
    `  Seeded from ${config.seedFile}: ${seeded.created.length} created, ${seeded.existing.length} already present`,
    '',
    'Seeded credentials (local development only):',
  ];
  for (const merchant of seed.merchants ?? []) {
    lines.push(`  merchant ${merchant.id} (${merchant.name}, ${merchant.acquirerAMode})  token ${merchant.token}`);
    if (merchant.admin) lines.push(`    admin ${merchant.admin.email} / ${merchant.admin.password}`);
  }
  for (const user of seed.storageUsers ?? []) {
    lines.push(`  storage user ${user.id} (${user.email})  access key ${user.accessKey}  secret key ${user.secretKey}`);
  }
  lines.push('', `Try: curl ${baseUrl}/v1/health`, 'Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // A one-line reason (taken port, bad variable, invalid seed file); the stack only with VERBOSE=1.
  const detail = error instanceof Error ? (processEnv().VERBOSE === '1' ? error.stack : error.message) : String(error);
  console.error(`npm start failed: ${detail}`);
  process.exit(1);
});
