import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_ROUTES } from '../../lib/gateway/routing/gateway-routes';
import { expectMonitoring } from '../support/monitoring-checks';
import { testStack } from '../support/stack';
import { expectResourceHeadroom, RESOURCE_BUDGET } from '../support/stack-headroom';

const run = promisify(execFile);
type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

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
  it('monitors the stage: alarms on every function, the API, the tables and webhooks, to one topic; tracing; a dashboard', () => {
    expectMonitoring(template, 'sandbox');
  });

  it(`keeps headroom under CloudFormation's 500 resources a stack (${RESOURCE_BUDGET} at most)`, () => {
    expectResourceHeadroom(template);
  });

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

  it('streams the storage routes that serve object bytes through the response-streaming invocation of their function', () => {
    const streamed = {
      ApiGatewayMethodBucketVarKeyVarAny: 'StorageObjectLambdaFunction',
      ApiGatewayMethodBucketVarAny: 'StorageBucketLambdaFunction',
    };
    for (const [methodId, functionId] of Object.entries(streamed)) {
      const method = template.Resources[methodId] as Resource;
      expect(method.Type).toBe('AWS::ApiGateway::Method');
      const { Integration } = method.Properties;
      expect(Integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST', ResponseTransferMode: 'STREAM' });
      expect(Integration.Uri).toEqual({
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':apigateway:',
            { Ref: 'AWS::Region' },
            ':lambda:path/2021-11-15/functions/',
            { 'Fn::GetAtt': [functionId, 'Arn'] },
            '/response-streaming-invocations',
          ],
        ],
      });
    }
    // Every other integration stays buffered: its function answers in the buffered format.
    const others = resourcesOfType('AWS::ApiGateway::Method').filter(([id]) => !(id in streamed));
    expect(others.length).toBeGreaterThan(20);
    for (const [id, method] of others) {
      expect(method.Properties.Integration.ResponseTransferMode, id).toBeUndefined();
      expect(JSON.stringify(method.Properties.Integration.Uri), id).toContain('/2015-03-31/functions/');
    }
  });

  it("answers API Gateway's own 413 (bodies over 10 MB) with S3's EntityTooLarge naming the storage cap", () => {
    const responses = resourcesOfType('AWS::ApiGateway::GatewayResponse');
    expect(responses.map(([, response]) => response.Properties.ResponseType).sort()).toEqual([
      'MISSING_AUTHENTICATION_TOKEN',
      'REQUEST_TOO_LARGE',
    ]);
    const [[id, response]] = responses.filter(([, r]) => r.Properties.ResponseType === 'REQUEST_TOO_LARGE') as [
      [string, Resource],
    ];
    expect(response.Properties).toMatchObject({
      RestApiId: { Ref: 'ApiGatewayRestApi' },
      StatusCode: '400',
      ResponseParameters: { 'gatewayresponse.header.Content-Type': "'application/xml'" },
    });
    const cap = template.Resources.StorageObjectLambdaFunction?.Properties.Environment.Variables.STORAGE_MAX_OBJECT_BYTES;
    expect(cap).toBe('4194304');
    const templates = Object.values(response.Properties.ResponseTemplates as Record<string, string>);
    expect(templates.length).toBeGreaterThan(0);
    for (const body of templates) {
      const error = new XMLParser().parse(body.replace('$context.requestId', 'req-1')).Error;
      expect(error).toMatchObject({ Code: 'EntityTooLarge', MaxSizeAllowed: Number(cap), RequestId: 'req-1' });
      expect(error.Message).toContain(`${cap} bytes`);
    }
    // The stage's deployment waits for every method; a streamed one waits for the gateway response.
    expect(template.Resources.ApiGatewayMethodBucketVarKeyVarAny?.DependsOn).toContain(id);
  });

  it('throttles the stage (rate and burst from the stage params: 50/s and 100 on sandbox)', () => {
    const deployments = resourcesOfType('AWS::ApiGateway::Deployment');
    expect(deployments).toHaveLength(1);
    const [[, deployment]] = deployments as [[string, Resource]];
    expect(deployment.Properties.StageDescription).toEqual({
      ThrottlingRateLimit: 50,
      ThrottlingBurstLimit: 100,
      TracingEnabled: true,
    });
  });

  it('routes every other method of each gateway path, and all of /v1 nothing serves, to the gateway route fallback', () => {
    const resources = template.Resources;
    const pathOf = (ref: any): string => {
      if (ref['Fn::GetAtt']) return '';
      const resource = resources[ref.Ref] as Resource;
      return `${pathOf(resource.Properties.ParentId)}/${resource.Properties.PathPart}`;
    };
    const routes = new Map<string, { methods: string[]; fallback: boolean }>();
    for (const [, method] of resourcesOfType('AWS::ApiGateway::Method')) {
      const path = pathOf(method.Properties.ResourceId);
      if (!path.startsWith('/v1')) continue;
      const entry = routes.get(path) ?? { methods: [], fallback: false };
      if (method.Properties.HttpMethod === 'ANY') {
        expect(JSON.stringify(method.Properties.Integration.Uri), path).toContain('RouteFallbackLambdaFunction');
        entry.fallback = true;
      } else entry.methods.push(method.Properties.HttpMethod);
      routes.set(path, entry);
    }
    const served = Object.fromEntries(
      [...routes].filter(([, entry]) => entry.methods.length > 0).map(([path, entry]) => [path, entry.methods.sort()]),
    );
    const table = Object.fromEntries(Object.entries(GATEWAY_ROUTES).map(([path, methods]) => [path, [...methods].sort()]));
    expect(served).toEqual(table);
    for (const path of [...Object.keys(served), '/v1', '/v1/{proxy+}']) expect(routes.get(path)?.fallback, path).toBe(true);
    const missingToken = template.Resources.GatewayResponseMissingAuthenticationToken as Resource;
    expect(missingToken.Properties.StatusCode).toBe('404');
    expect(JSON.parse(missingToken.Properties.ResponseTemplates['application/json'])).toEqual({
      transacao: { erro: { codigo: '006', mensagem: 'Recurso não encontrado' } },
    });
  });
});
