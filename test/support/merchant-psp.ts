import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readSecretString } from '../../lib/aws';
import { configureMerchantPixPsp, MerchantPspClients, pspSecretReader } from '../../lib/gateway/pix/merchant-psp';
import type { PspLogger } from '../../lib/gateway/pix/psp';
import { createPixGatewayDependencies } from '../../lib/gateway/pix-psp-wiring';
import type { GatewayDependencies } from '../../lib/gateway/use-cases/dependencies';
import { type CallbackDelivery, createTestPki, FakePixPsp, merchantPspSecret, type TestPki } from './fake-pix-psp';
import { testStack } from './stack';

const { baseUrl, env, stage } = testStack();

/** Where `pix-psp set` registers the callback in these tests: nothing listens there, the test forwards each delivery. */
const REGISTERED_BASE = 'https://127.0.0.1:1';

export interface MerchantPspHarness {
  pki: TestPki;
  psp: FakePixPsp;
  /** The production wiring (the merchant's PSP for Pix charges and boletos híbridos) on the test stack's tables. */
  deps: GatewayDependencies;
  connections: MerchantPspClients;
  /** `/v1/pix/psp/<merchant>/<callback secret>/pix` on the test stack. */
  callbackPath: string;
  callbackSecret: string;
  /** What the PSP posted to `<registered URL>/pix` (the fake cannot reach the plain-HTTP stack), sent to the stack. */
  forward(delivery: CallbackDelivery | undefined, path?: string): Promise<{ status: number; body: Record<string, any> }>;
  close(): Promise<void>;
}

/**
 * A fake PSP (mTLS, OAuth2, schema-checked) connected to `merchantId` as an operator would: its secret a file in the
 * stack's PIX_PSP_SECRETS_DIR, `pix-psp set` (the webhook registered at the PSP), and the production wiring in-process
 * (the test stack is the sandbox stage) with a fast retry policy. The callback function runs in serverless offline.
 */
export async function connectMerchantPsp(
  merchantId: string,
  credentials: { clientId: string; clientSecret: string; chave: string; ispb?: string },
  logger?: PspLogger,
): Promise<MerchantPspHarness> {
  const pki = createTestPki();
  const psp = await FakePixPsp.start({ pki, ...credentials, ispb: credentials.ispb ?? '12345678' });
  const directory = env.PIX_PSP_SECRETS_DIR as string;
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `${merchantId}.json`), JSON.stringify(merchantPspSecret(psp, pki, credentials)));
  const readSecret = pspSecretReader(stage.config.pixPspSecrets, (name) => readSecretString(stage.clients.secrets, name));
  const configured = await configureMerchantPixPsp(
    { merchants: stage.merchants, readSecret },
    { merchantId, secretId: merchantId, baseUrl: REGISTERED_BASE, registerWebhook: true },
  );
  expect(psp.ledger.webhooks.get(credentials.chave)?.webhookUrl).toBe(configured.callbackUrl);
  const callbackPath = `${new URL(configured.callbackUrl).pathname}/pix`;
  const connections = new MerchantPspClients({
    settingsOf: (id) => stage.merchants.getPixPsp(id),
    readSecret,
    client: { timeoutMs: 1000, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 }, ...(logger ? { logger } : {}) },
  });
  const deps = createPixGatewayDependencies(
    stage.clients,
    stage.names,
    { ...stage.config, stage: 'production' },
    undefined,
    connections,
  );
  return {
    pki,
    psp,
    deps,
    connections,
    callbackPath,
    callbackSecret: callbackPath.split('/')[5] as string,
    async forward(delivery, path = callbackPath) {
      expect(delivery?.url).toBe(`${REGISTERED_BASE}${callbackPath}`);
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(delivery?.body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    },
    async close() {
      await connections.close();
      await psp.stop();
    },
  };
}
