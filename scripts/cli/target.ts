import { type Env, LOCAL_DEV_STORAGE_SECRETS_KEY, loadLocalStackConfig, optionalString } from '../../lib/config';
import { loadStageDefinitions } from '../local/stage-definitions';
import { type StageContext, createStageContext } from '../shared/stage-context';

export type Target = 'local' | 'aws';

/**
 * The stage's tables as serverless.yml names them; on `local`, reached through the running
 * `npm start` stack (or DYNAMODB_ENDPOINT / S3_ENDPOINT), on `aws` with the caller's AWS credentials.
 */
export async function connect(target: Target, stage: string, env: Env, region?: string): Promise<StageContext> {
  const definitions = await loadStageDefinitions(stage);
  if (target === 'aws') {
    return createStageContext({ ...definitions.environment, AWS_REGION: region ?? env.AWS_REGION ?? 'us-east-1' });
  }
  const { port } = loadLocalStackConfig(env);
  return createStageContext({
    ...definitions.environment,
    DYNAMODB_ENDPOINT: optionalString(env, 'DYNAMODB_ENDPOINT') ?? `http://127.0.0.1:${port + 2}`,
    S3_ENDPOINT: optionalString(env, 'S3_ENDPOINT') ?? `http://127.0.0.1:${port + 1}`,
    STORAGE_SECRETS_KEY: LOCAL_DEV_STORAGE_SECRETS_KEY,
    AWS_REGION: 'us-east-1',
  });
}
