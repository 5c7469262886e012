import { join, resolve } from 'node:path';
import { LOCAL_DEV_STORAGE_SECRETS_KEY, LOCAL_DEV_WEB_SECRET } from '../../lib/config';
import { createStageContext, type StageContext } from '../shared/stage-context';
import type { ManagedProcess } from './child-process';
import { startDynamoDbLocal } from './dynamodb-local';
import { Lifecycle } from './lifecycle';
import { startOffline } from './offline';
import { provision, provisionLocalKmsKeys } from './provision';
import { type S3Emulator, startS3Emulator } from './s3-emulator';
import { loadStageDefinitions, type StageDefinitions } from './stage-definitions';

export interface LocalStackOptions {
  cwd: string;
  stage: string;
  /** Where data persists across restarts; undefined keeps everything in memory / a temp dir. */
  dataDir: string;
  persistent: boolean;
  ports: { http: number; dynamodb: number; s3: number; lambda: number };
  /** Extra environment for the functions (STORAGE_BASE_HOST, STORAGE_MAX_OBJECT_BYTES...). */
  functionEnv?: Record<string, string>;
  withOffline: boolean;
  definitions?: StageDefinitions;
  onOutput?: (source: 'dynamodb' | 'offline', chunk: string) => void;
  /** Owned by the caller when it must be able to stop a stack that is still starting (signals). */
  lifecycle?: Lifecycle;
  /** Runs once the tables exist and before the API accepts requests (seeding: ready means ready). */
  beforeServing?: (context: StageContext) => Promise<void>;
  /** A process of the stack ended on its own after start-up: the stack can no longer serve. */
  onCrash?: (name: 'DynamoDB Local' | 'serverless offline', code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface LocalStack {
  baseUrl: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** The environment a function (or a script) needs to reach this stack. */
  env: Record<string, string>;
  /** serverless offline's Lambda invoke API (`POST /2015-03-31/functions/<name>/invocations`). */
  lambdaEndpoint: string;
  context: StageContext;
  provisioned: string[];
  /** The emulators themselves, for tests that take a dependency down and bring it back. */
  emulators: { dynamodb: ManagedProcess; s3: S3Emulator };
  stop(): Promise<void>;
}

/**
 * DynamoDB Local + s3rver + the stage's tables and bucket (+ serverless offline). Everything started
 * is stopped by stop(), in reverse order, also when start-up fails half-way.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const stop = () => lifecycle.stopAll();
  try {
    const definitionsPromise = options.definitions
      ? Promise.resolve(options.definitions)
      : loadStageDefinitions(options.stage, options.cwd);
    const dynamo = await startDynamoDbLocal({
      port: options.ports.dynamodb,
      dbPath: options.persistent ? join(options.dataDir, 'dynamodb') : undefined,
      onOutput: (chunk) => options.onOutput?.('dynamodb', chunk),
    });
    lifecycle.add(() => dynamo.stop());
    dynamo.onUnexpectedExit((code, signal) => options.onCrash?.('DynamoDB Local', code, signal));
    const s3 = await startS3Emulator({ port: options.ports.s3, directory: join(options.dataDir, 's3') });
    lifecycle.add(() => s3.stop());
    const definitions = await definitionsPromise;
    const dynamodbEndpoint = `http://127.0.0.1:${options.ports.dynamodb}`;
    const env: Record<string, string> = {
      ...definitions.environment,
      // The URLs the functions hand out (url_acesso, BR Code locations, torrent web seeds) and whether requests are
      // HTTPS come from here, never from the Host or X-Forwarded-Proto a client sends (docs/security.md, issue 31).
      PUBLIC_BASE_URL: `http://127.0.0.1:${options.ports.http}`,
      ...options.functionEnv,
      DYNAMODB_ENDPOINT: dynamodbEndpoint,
      S3_ENDPOINT: s3.endpoint,
      STORAGE_SECRETS_KEY: LOCAL_DEV_STORAGE_SECRETS_KEY,
      WEB_SECRET: LOCAL_DEV_WEB_SECRET,
      // Local KMS (keys sealed in the storage table) and SSE-C over plain HTTP: local stacks only (docs/storage.md, Encryption).
      STORAGE_KMS_LOCAL: '1',
      STORAGE_SSE_C_ALLOW_HTTP: '1',
      // Merchants' Pix PSP secrets as `<name>.json` files (docs/pix.md); deployed stages read Secrets Manager.
      PIX_PSP_SECRETS_DIR: resolve(options.dataDir, 'pix-psp'),
      // Merchants' acquirer and boleto-bank secrets likewise (DESIGN §7.7, §7.8).
      ACQUIRER_SECRETS_DIR: resolve(options.dataDir, 'acquirers'),
      // This is a local stack: its local conveniences hold on either stage (lib/config; serverless.yml never sets it).
      LOCAL_STACK: '1',
      // Pix locations are signed with the public local development key (lib/gateway/pix/location): local stacks only.
      PIX_LOCATION_KEY_LOCAL: '1',
      AWS_REGION: 'us-east-1',
      // Webhook delivery runs on the local stack's own timer (npm start) or the tests' workers: serverless offline
      // must not schedule deliverWebhooks as a second worker (serverless.yml reads this).
      WEBHOOK_SCHEDULE: 'false',
      // Likewise the storage lifecycle pass (scripts/start.ts runs it on a timer; tests call it).
      LIFECYCLE_SCHEDULE: 'false',
      LOG_FLUSH_SCHEDULE: 'false',
      // And bucket notification delivery (scripts/start.ts runs it on a timer; tests call it).
      NOTIFY_SCHEDULE: 'false',
      // And the Pix expiry pass (scripts/start.ts runs it on a timer; tests call it).
      PIX_EXPIRY_SCHEDULE: 'false',
    };
    const context = createStageContext(env);
    const provisioned = await provision(definitions, context.clients);
    provisioned.push(...(await provisionLocalKmsKeys(context.kmsKeys)));
    await options.beforeServing?.(context);
    if (options.withOffline) {
      const offline = await startOffline({
        cwd: options.cwd,
        stage: options.stage,
        httpPort: options.ports.http,
        lambdaPort: options.ports.lambda,
        env,
        onOutput: (chunk) => options.onOutput?.('offline', chunk),
      });
      lifecycle.add(() => offline.stop());
      offline.onUnexpectedExit((code, signal) => options.onCrash?.('serverless offline', code, signal));
    }
    return {
      baseUrl: `http://127.0.0.1:${options.ports.http}`,
      dynamodbEndpoint,
      s3Endpoint: s3.endpoint,
      env,
      lambdaEndpoint: `http://127.0.0.1:${options.ports.lambda}`,
      context,
      provisioned,
      emulators: { dynamodb: dynamo, s3 },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
