import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../support/stack';

const run = promisify(execFile);
type Resource = { Type: string; Properties: Record<string, any> };

const { stage } = testStack();
let outDir: string;
let template: { Resources: Record<string, Resource> };

const resourcesOfType = (type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type);
const sorted = <T extends { AttributeName?: string; IndexName?: string }>(list: T[] = []) =>
  [...list].sort((a, b) => String(a.AttributeName ?? a.IndexName).localeCompare(String(b.AttributeName ?? b.IndexName)));

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'gwstore-package-'));
  // Its own esbuild work folder: serverless offline is running from .esbuild meanwhile.
  await run('npx', ['--no-install', 'serverless', 'package', '--stage', 'sandbox', '--package', outDir], {
    env: { ...process.env, ESBUILD_WORK_FOLDER: '.esbuild-package', SLS_TELEMETRY_DISABLED: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  template = JSON.parse(readFileSync(join(outDir, 'cloudformation-template-update-stack.json'), 'utf8'));
}, 180_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('serverless package --stage sandbox (no AWS account)', () => {
  it('yields a template with no cfn-lint errors', async () => {
    // cfn-lint's exit code is a bit field: 2 = errors, 4 = warnings, 8 = informational.
    const result = await run('cfn-lint', [
      '--format',
      'parseable',
      join(outDir, 'cloudformation-template-update-stack.json'),
    ]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(typeof result.code).toBe('number');
    expect(result.code & 2, result.stdout).toBe(0);
    expect(result.code & 1, 'cfn-lint itself failed').toBe(0);
  });

  it('declares on-demand tables with point-in-time recovery and an encrypted, private blob bucket', () => {
    const tables = resourcesOfType('AWS::DynamoDB::Table');
    expect(tables.map(([id]) => id).sort()).toEqual(['GatewayTable', 'StorageTable']);
    for (const [, table] of tables) {
      expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    }
    const bucket = template.Resources.BlobBucket as Resource;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
    ).toBe('AES256');
  });

  it('sets binaryMediaTypes */*, log retention, and one least-privilege role per function', () => {
    const [[, api]] = resourcesOfType('AWS::ApiGateway::RestApi') as [[string, Resource]];
    expect(api.Properties.BinaryMediaTypes).toEqual(['*/*']);
    const logGroups = resourcesOfType('AWS::Logs::LogGroup');
    expect(logGroups.length).toBeGreaterThan(0);
    for (const [, group] of logGroups) expect(group.Properties.RetentionInDays).toBe(30);

    // Functions that touch data each have their own role; the rest share the default role, which touches no data.
    const functions = resourcesOfType('AWS::Lambda::Function');
    const roleOf = (fn: Resource) => JSON.stringify(fn.Properties.Role);
    const defaultRole = JSON.stringify({ 'Fn::GetAtt': ['IamRoleLambdaExecution', 'Arn'] });
    const dedicated = functions.filter(([, fn]) => roleOf(fn) !== defaultRole);
    expect(dedicated.length).toBeGreaterThanOrEqual(6);
    expect(new Set(dedicated.map(([, fn]) => roleOf(fn))).size).toBe(dedicated.length);
    const defaultStatements = JSON.stringify(template.Resources.IamRoleLambdaExecution?.Properties.Policies ?? []);
    expect(defaultStatements).not.toMatch(/dynamodb:|s3:|secretsmanager:/);
    for (const [, role] of resourcesOfType('AWS::IAM::Role')) {
      for (const policy of role.Properties.Policies ?? []) {
        for (const statement of policy.PolicyDocument.Statement) {
          const actions = [statement.Action].flat();
          expect(
            actions.some((action: string) => action.endsWith(':*') || action === '*'),
            JSON.stringify(statement),
          ).toBe(false);
          const onData = actions.some((action: string) => action.startsWith('dynamodb:') || action.startsWith('s3:'));
          if (onData) expect([statement.Resource].flat()).not.toContain('*');
        }
      }
    }
  });

  it('is what the local stack created: same tables, keys and indexes, and the blob bucket', async () => {
    for (const [, table] of resourcesOfType('AWS::DynamoDB::Table')) {
      const { Table } = await stage.clients.dynamo.send(new DescribeTableCommand({ TableName: table.Properties.TableName }));
      expect(Table?.KeySchema).toEqual(table.Properties.KeySchema);
      expect(sorted(Table?.AttributeDefinitions)).toEqual(sorted(table.Properties.AttributeDefinitions));
      const localIndexes = sorted(Table?.GlobalSecondaryIndexes).map((index) => ({
        IndexName: index.IndexName,
        KeySchema: index.KeySchema,
      }));
      const declared = sorted(table.Properties.GlobalSecondaryIndexes).map((index: any) => ({
        IndexName: index.IndexName,
        KeySchema: index.KeySchema,
      }));
      expect(localIndexes).toEqual(declared);
    }
    const bucket = template.Resources.BlobBucket as Resource;
    await expect(stage.clients.s3.send(new HeadBucketCommand({ Bucket: bucket.Properties.BucketName }))).resolves.toBeDefined();
  });
});
