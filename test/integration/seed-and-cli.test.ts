import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { readSeedFile, seedStage } from '../../scripts/shared/seed';
import { call, newMerchant } from '../support/gateway';
import { operatorCli } from '../support/operator-cli';
import { testStack } from '../support/stack';

const run = promisify(execFile);
const { env, stage } = testStack();

const cli = operatorCli;

async function cliJson(...args: string[]): Promise<any> {
  const result = await cli(...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** Every seeded record of both tables (transient diagnostic probes excluded). */
async function snapshot(): Promise<unknown[]> {
  const items: unknown[] = [];
  for (const table of [stage.names.gatewayTable, stage.names.storageTable]) {
    const { Items = [] } = await stage.clients.documents.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
    items.push(...Items.filter((item) => item.kind !== 'diagnostic'));
  }
  return items.sort((a: any, b: any) => `${a.PK}${a.SK}`.localeCompare(`${b.PK}${b.SK}`));
}

describe.sequential('seeding and the operator CLI', () => {
  const seed = readSeedFile('config/seed.local.json');

  it('seeds the committed seed file, and seeding twice changes nothing', async () => {
    const first = await seedStage(seed, stage);
    expect(first.existing).toEqual([]);
    const afterFirst = await snapshot();
    const second = await seedStage(seed, stage);
    expect(second.created).toEqual([]);
    expect(second.existing).toEqual(first.created);
    expect(await snapshot()).toEqual(afterFirst);
  });

  it('resolves the seeded records: the token authenticates, the admin password verifies, the key pair signs', async () => {
    const [merchant] = seed.merchants ?? [];
    const [user] = seed.storageUsers ?? [];
    expect((await stage.merchants.findByToken(merchant!.token))?.id).toBe(merchant!.id);
    expect(await stage.merchants.verifyAdminPassword(merchant!.admin!.email, merchant!.admin!.password)).toMatchObject({
      merchantId: merchant!.id,
    });
    const resolved = await stage.storageUsers.resolveAccessKey(user!.accessKey);
    expect(resolved?.user.id).toBe(user!.id);
    expect(resolved?.secretKey).toBe(user!.secretKey);
  });

  it('creates a merchant whose printed token authenticates, and rotation retires the old token', async () => {
    const created = await cliJson(
      'merchant',
      'create',
      '--id',
      'm-cli',
      '--name',
      'CLI Store',
      '--acquirer-a-mode',
      'loja_com_autenticacao',
    );
    expect(created).toMatchObject({ id: 'm-cli', name: 'CLI Store', acquirerAMode: 'loja_com_autenticacao' });
    expect((await stage.merchants.findByToken(created.token))?.id).toBe('m-cli');

    const { Item } = await stage.clients.documents.send(
      new GetCommand({ TableName: stage.names.gatewayTable, Key: { PK: 'MERCHANT#m-cli', SK: 'MERCHANT' } }),
    );
    expect(JSON.stringify(Item)).not.toContain(created.token);

    const rotated = await cliJson('merchant', 'rotate-token', '--id', 'm-cli');
    expect(rotated.token).not.toBe(created.token);
    expect(await stage.merchants.findByToken(created.token)).toBeUndefined();
    expect((await stage.merchants.findByToken(rotated.token))?.id).toBe('m-cli');

    const listed = await cliJson('merchant', 'list');
    expect(listed.map((merchant: { id: string }) => merchant.id)).toContain('m-cli');
  });

  it('creates an admin user with a generated password that verifies, stored only as a hash', async () => {
    const admin = await cliJson('admin', 'create', '--merchant', 'm-cli', '--email', 'Ops@CLI.test');
    expect(admin).toMatchObject({ email: 'ops@cli.test', merchantId: 'm-cli' });
    expect(await stage.merchants.verifyAdminPassword('ops@cli.test', admin.password)).toMatchObject({ merchantId: 'm-cli' });
    expect(await stage.merchants.verifyAdminPassword('ops@cli.test', `${admin.password}x`)).toBeUndefined();
    const { Item } = await stage.clients.documents.send(
      new GetCommand({ TableName: stage.names.gatewayTable, Key: { PK: 'ADMINUSER#ops@cli.test', SK: 'ADMINUSER' } }),
    );
    expect(JSON.stringify(Item)).not.toContain(admin.password);
    expect((await cliJson('admin', 'list', '--merchant', 'm-cli')).map((user: { email: string }) => user.email)).toEqual([
      'ops@cli.test',
    ]);
  });

  it('creates a storage user whose printed key pair verifies a signature, with the secret sealed at rest', async () => {
    const user = await cliJson('storage-user', 'create', '--name', 'Cli User', '--email', 'cli-user@example.com');
    expect(user.id).toMatch(/^[0-9a-f]{64}$/);
    const resolved = await stage.storageUsers.resolveAccessKey(user.accessKey);
    const stringToSign = 'GET\n\n\nTue, 27 Mar 2007 19:36:42 +0000\n/bucket/key';
    const sign = (secret: string) => createHmac('sha1', secret).update(stringToSign).digest('base64');
    expect(sign(resolved!.secretKey)).toBe(sign(user.secretKey));
    const { Item } = await stage.clients.documents.send(
      new GetCommand({ TableName: stage.names.storageTable, Key: { PK: `ACCESSKEY#${user.accessKey}`, SK: 'ACCESSKEY' } }),
    );
    expect(Item?.sealedSecret).toMatch(/^v1\./);
    expect(JSON.stringify(Item)).not.toContain(user.secretKey);
    expect((await stage.storageUsers.findByEmail('CLI-USER@example.com'))?.id).toBe(user.id);
  });

  it('refuses bad input and duplicates with a clear message and exit code 2, writing nothing', async () => {
    const badId = await cli('merchant', 'create', '--id', 'Bad Id!', '--name', 'x');
    expect(badId.code).toBe(2);
    expect(badId.stderr).toMatch(/--id must be/);
    const duplicate = await cli('merchant', 'create', '--id', 'm-cli', '--name', 'again');
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toMatch(/already exists/);
    const noMerchant = await cli('admin', 'create', '--merchant', 'm-nobody', '--email', 'x@y.test');
    expect(noMerchant.code).toBe(2);
    expect(noMerchant.stderr).toMatch(/does not exist/);
    expect(await stage.merchants.getAdminUser('x@y.test')).toBeUndefined();
    const unknown = await cli('merchant', 'explode');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toMatch(/Usage: npm run cli/);
  });
});

describe('npm run seed:transactions', () => {
  it('finds the local stack from --base-url alone (its emulators at PORT+1, PORT+2), with no PORT in the environment', async () => {
    const merchant = await newMerchant();
    const dynamodbPort = Number(new URL(env.DYNAMODB_ENDPOINT!).port);
    const apiPort = dynamodbPort - 2; // where the API of a stack laid out as `npm start` lays it out would be
    const { DYNAMODB_ENDPOINT: _d, S3_ENDPOINT: _s, PORT: _p, ...withoutEndpoints } = { ...process.env, ...env };
    const { stdout } = await run(
      'npx',
      [
        '--no-install',
        'tsx',
        'scripts/admin/seed-transactions.ts',
        '--merchant',
        merchant.id,
        '--count',
        '5',
        '--base-url',
        `http://127.0.0.1:${apiPort}`,
      ],
      { env: withoutEndpoints },
    );
    expect(stdout).toMatch(/^5 transactions written for /);
    const listed = await call('GET', `/v1/transacao?token=${merchant.token}&limite=10`);
    expect((listed.body as unknown as { transacoes: unknown[] }).transacoes).toHaveLength(5);
  });
});
