import { resolve } from 'node:path';
import {
  type Env,
  LOCAL_DEV_STORAGE_SECRETS_KEY,
  LOCAL_DEV_WEB_SECRET,
  loadLocalStackConfig,
  optionalString,
} from '../../lib/config';
import { loadStageDefinitions } from '../local/stage-definitions';
import { createStageContext, type StageContext } from '../shared/stage-context';

export type Target = 'local' | 'aws';

/**
 * The stage's tables as serverless.yml names them; on `local`, reached through the running
 * `npm start` stack (or DYNAMODB_ENDPOINT / S3_ENDPOINT), on `aws` with the caller's AWS credentials.
 */
export async function connect(target: Target, stage: string, env: Env, region?: string): Promise<StageContext> {
  const definitions = await stageEnvironment(stage, env);
  if (target === 'aws') {
    return createStageContext({ ...definitions, AWS_REGION: region ?? env.AWS_REGION ?? 'us-east-1' });
  }
  const { port, dataDir } = loadLocalStackConfig(env);
  return createStageContext({
    ...definitions,
    DYNAMODB_ENDPOINT: optionalString(env, 'DYNAMODB_ENDPOINT') ?? `http://127.0.0.1:${port + 2}`,
    S3_ENDPOINT: optionalString(env, 'S3_ENDPOINT') ?? `http://127.0.0.1:${port + 1}`,
    STORAGE_SECRETS_KEY: LOCAL_DEV_STORAGE_SECRETS_KEY,
    WEB_SECRET: LOCAL_DEV_WEB_SECRET,
    STORAGE_KMS_LOCAL: '1',
    PIX_PSP_SECRETS_DIR: optionalString(env, 'PIX_PSP_SECRETS_DIR') ?? resolve(dataDir, 'pix-psp'),
    ACQUIRER_SECRETS_DIR: optionalString(env, 'ACQUIRER_SECRETS_DIR') ?? resolve(dataDir, 'acquirers'),
    ACQUIRER_ALLOW_HTTP: optionalString(env, 'ACQUIRER_ALLOW_HTTP') ?? '0',
    LOCAL_STACK: '1',
    AWS_REGION: 'us-east-1',
  });
}

/**
 * The stage's function environment (table and bucket names): from serverless.yml via `serverless print`,
 * unless the caller's environment already names the tables (the local stack's and the tests' do).
 */
async function stageEnvironment(stage: string, env: Env): Promise<Env> {
  if (env.GATEWAY_TABLE && env.STORAGE_TABLE && env.BLOB_BUCKET) {
    const names = ['GATEWAY_TABLE', 'STORAGE_TABLE', 'BLOB_BUCKET', 'STORAGE_SECRETS_KEY_SECRET_ID', 'WEB_SECRET_ID'];
    return { ...Object.fromEntries(names.filter((name) => env[name]).map((name) => [name, env[name]])), STAGE: stage };
  }
  return (await loadStageDefinitions(stage)).environment;
}
