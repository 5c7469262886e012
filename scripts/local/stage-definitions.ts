import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

const run = promisify(execFile);

export interface TableDefinition {
  create: CreateTableCommandInput;
  ttlAttribute?: string;
}

/** What serverless.yml deploys for a stage, as the local stack needs it. */
export interface StageDefinitions {
  /** provider.environment: what every function receives. */
  environment: Record<string, string>;
  tables: TableDefinition[];
  blobBucket: string;
}

type CfnResource = { Type: string; Properties: Record<string, unknown> };
type TableProperties = CreateTableCommandInput & { TimeToLiveSpecification?: { AttributeName: string; Enabled: boolean } };

/**
 * Resolves serverless.yml for a stage with `serverless print`, exactly as `serverless deploy` would,
 * so the local tables and bucket come from the one definition that is deployed (no second copy).
 */
export async function loadStageDefinitions(stage: string, cwd = process.cwd()): Promise<StageDefinitions> {
  const { stdout } = await run('npx', ['--no-install', 'serverless', 'print', '--format', 'json', '--stage', stage], {
    cwd,
    maxBuffer: 32 * 1024 * 1024,
    env: { ...process.env, SLS_TELEMETRY_DISABLED: '1', SLS_NOTIFICATIONS_MODE: 'off' },
  });
  return definitionsFromResolvedConfig(JSON.parse(stdout.slice(stdout.indexOf('{'))));
}

export function definitionsFromResolvedConfig(config: {
  provider: { environment: Record<string, unknown> };
  resources: { Resources?: Record<string, CfnResource> }[] | { Resources?: Record<string, CfnResource> };
}): StageDefinitions {
  const resourceFiles = Array.isArray(config.resources) ? config.resources : [config.resources];
  const resources: CfnResource[] = resourceFiles.flatMap((file) => Object.values(file.Resources ?? {}));
  const tables = resources
    .filter((resource) => resource.Type === 'AWS::DynamoDB::Table')
    .map((resource) => {
      const p = resource.Properties as unknown as TableProperties;
      return {
        create: {
          TableName: p.TableName,
          KeySchema: p.KeySchema,
          AttributeDefinitions: p.AttributeDefinitions,
          GlobalSecondaryIndexes: p.GlobalSecondaryIndexes,
          BillingMode: p.BillingMode,
        },
        ttlAttribute: p.TimeToLiveSpecification?.Enabled ? p.TimeToLiveSpecification.AttributeName : undefined,
      };
    });
  const bucket = resources.find((resource) => resource.Type === 'AWS::S3::Bucket');
  if (!bucket || typeof bucket.Properties.BucketName !== 'string') {
    throw new Error('serverless.yml declares no blob bucket with a BucketName');
  }
  const environment = Object.fromEntries(
    Object.entries(config.provider.environment).filter(([, value]) => typeof value === 'string'),
  ) as Record<string, string>;
  return { environment, tables, blobBucket: bucket.Properties.BucketName };
}
