import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackSecretMatches,
  generateCallbackSecret,
  hashCallbackSecret,
  isValidPspSecretId,
  type MerchantPixPsp,
  MerchantPspClients,
  pixPspCallbackUrl,
  pspSecretReader,
} from '../../../../lib/gateway/pix/merchant-psp';
import { PixPspError } from '../../../../lib/gateway/pix/psp';
import { createTestPki, type TestPki } from '../../../support/fake-pix-psp';

let pki: TestPki;
let directory: string;
const CLIENT_SECRET = 'cs-unit-test-never-printed-0123456789';

const settings = (secretId: string): MerchantPixPsp => ({
  secretId,
  callbackSecretHash: hashCallbackSecret('x'),
  configuredAt: '2026-11-27T12:00:00.000Z',
});

beforeAll(() => {
  pki = createTestPki();
  directory = mkdtempSync(join(tmpdir(), 'merchant-psp-'));
  const secret = {
    baseUrl: 'https://127.0.0.1:9/v2',
    clientId: 'client',
    clientSecret: CLIENT_SECRET,
    certificatePem: pki.client.certificatePem,
    privateKeyPem: pki.client.privateKeyPem,
    chave: 'chave@example.com',
  };
  writeFileSync(join(directory, 'm-good.json'), JSON.stringify(secret));
  writeFileSync(join(directory, 'm-bad.json'), JSON.stringify({ ...secret, clientId: undefined }));
  writeFileSync(join(directory, 'm-mismatch.json'), JSON.stringify({ ...secret, privateKeyPem: pki.rogueClient.privateKeyPem }));
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('merchant PSP settings', () => {
  it('callback secrets are long, URL-safe, and compared by hash', () => {
    const secret = generateCallbackSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateCallbackSecret()).not.toBe(secret);
    const stored = { callbackSecretHash: hashCallbackSecret(secret) };
    expect(callbackSecretMatches(secret, stored)).toBe(true);
    expect(callbackSecretMatches(`${secret}x`, stored)).toBe(false);
    expect(callbackSecretMatches('', stored)).toBe(false);
    expect(pixPspCallbackUrl('https://pay.example/', 'm-demo', secret)).toBe(`https://pay.example/v1/pix/psp/m-demo/${secret}`);
  });

  it('secret names never leave their prefix or directory', async () => {
    expect(isValidPspSecretId('m-demo')).toBe(true);
    for (const name of ['../x', 'a/b', '..', '', 'x'.repeat(129)]) expect(isValidPspSecretId(name)).toBe(false);
    const asked: string[] = [];
    const fromAws = pspSecretReader({ kind: 'secretsManager', prefix: 'svc/prod/pix-psp/' }, async (name) => {
      asked.push(name);
      return '{}';
    });
    await fromAws('m-demo');
    expect(asked).toEqual(['svc/prod/pix-psp/m-demo']);
    await expect(fromAws('../web-secret')).rejects.toThrow(RangeError);
    const fromFiles = pspSecretReader({ kind: 'directory', directory }, async () => 'unused');
    expect(JSON.parse(await fromFiles('m-good')).clientId).toBe('client');
    await expect(fromFiles('../m-good')).rejects.toThrow(RangeError);
  });
});

describe('MerchantPspClients', () => {
  const reader = () => pspSecretReader({ kind: 'directory', directory }, async () => '');

  it('builds one client per merchant, shared by concurrent callers, and rebuilds it after the TTL', async () => {
    let now = 0;
    let reads = 0;
    const clients = new MerchantPspClients({
      settingsOf: async () => {
        reads++;
        return settings('m-good');
      },
      readSecret: reader(),
      ttlMs: 1000,
      now: () => now,
    });
    const [first, second] = await Promise.all([clients.connectionOf('a'), clients.connectionOf('a')]);
    expect(first).toBe(second);
    expect(first.chave).toBe('chave@example.com');
    expect(reads).toBe(1);
    now = 999;
    expect(await clients.connectionOf('a')).toBe(first);
    now = 1000;
    const renewed = await clients.connectionOf('a');
    expect(renewed).not.toBe(first);
    expect(reads).toBe(2);
    await clients.close();
  });

  it('a merchant without a PSP, an unreadable or invalid secret: a configuration error naming no value, not cached', async () => {
    let configured = false;
    const clients = new MerchantPspClients({
      settingsOf: async (merchantId) => (merchantId === 'none' && !configured ? undefined : settings(merchantId)),
      readSecret: reader(),
    });
    const failures = await Promise.all(
      ['none', 'm-missing', 'm-bad', 'm-mismatch'].map((merchantId) => clients.connectionOf(merchantId).catch((error) => error)),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(PixPspError);
      expect((failure as PixPspError).failure).toBe('configuration');
      expect(String((failure as Error).message)).not.toContain(CLIENT_SECRET);
      expect(String((failure as Error).message)).not.toContain('BEGIN');
    }
    expect((failures[2] as Error).message).toContain('/clientId');
    configured = true;
    await expect(clients.connectionOf('none')).rejects.toThrow(/não pôde ser lido/); // tried again: now the file is missing
    await clients.close();
  });
});
