import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSecretString } from '../../lib/aws';
import { configureMerchantAcquirer } from '../../lib/gateway/acquirers/connection';
import { namedSecretReader } from '../../lib/gateway/connections';
import { cieloSecret, eredeSecret, writeAcquirerSecret } from '../support/acquirer-connections';
import { launchChromium, type ReturnServer, startReturnServer } from '../support/browser';
import { FakeCielo } from '../support/fake-cielo';
import { FakeERede } from '../support/fake-erede';
import { call, newMerchant, redirectBody } from '../support/gateway';
import { testStack } from '../support/stack';

/** The hosted pages that take a card, in Chromium, for a merchant whose acquirers are connected (the fakes). */
const { env, stage } = testStack();
let browser: Browser;
let context: BrowserContext;
let store: ReturnServer;
let cielo: FakeCielo;
let erede: FakeERede;
let shop: { id: string; token: string };

beforeAll(async () => {
  [browser, store, cielo, erede, shop] = await Promise.all([
    launchChromium(),
    startReturnServer(),
    FakeCielo.start(),
    FakeERede.start(),
    newMerchant('buy_page_acquirerA'),
  ]);
  context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR' });
  const readSecret = namedSecretReader(stage.config.acquirerSecrets, (name) => readSecretString(stage.clients.secrets, name));
  for (const [acquirer, secret] of [
    ['acquirerA', cieloSecret(cielo)],
    ['acquirerB', eredeSecret(erede)],
  ] as const) {
    writeAcquirerSecret(env.ACQUIRER_SECRETS_DIR as string, `${shop.id}-${acquirer}`, secret);
    await configureMerchantAcquirer(
      { merchants: stage.merchants, readSecret, allowHttp: true },
      { merchantId: shop.id, acquirer, secretId: `${shop.id}-${acquirer}`, check: true },
    );
  }
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
  await cielo?.stop();
  await erede?.stop();
});

async function pay(method: string, order: string, number: string, brand?: string): Promise<{ id: number; landed: URL }> {
  const created = await call(
    'POST',
    '/v1/transacao',
    redirectBody(shop.token, method, { transacao: { url_retorno: `${store.origin}/retorno?pedido=${order}` } }),
  );
  const { id, url_acesso } = created.body.transacao as { id: number; url_acesso: string };
  const page: Page = await context.newPage();
  await page.goto(url_acesso);
  if (brand) await page.getByLabel('Bandeira').selectOption(brand);
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Validade').fill('08/2031');
  await page.getByLabel('Código de segurança (CVV)').fill('123');
  await Promise.all([page.waitForURL(`${store.origin}/**`), page.getByRole('button', { name: /^Pagar/ }).click()]);
  const landed = new URL(page.url());
  await page.close();
  return { id, landed };
}

describe('hosted card pages through connected acquirers (Chromium)', () => {
  it('acquirerA buy page on Cielo: approved, one sale, paga with its detalhes', async () => {
    const { id, landed } = await pay('acquirerA', '201', '4111 1111 1111 1111', 'visa');
    expect(landed.searchParams.get('transacao')).toBe(String(id));
    const [sale] = cielo.salesOfOrder(String(id));
    expect(cielo.salesOfOrder(String(id))).toHaveLength(1);
    const view = (await call('GET', `/v1/transacao/${id}?token=${shop.token}`)).body.transacao;
    expect(view).toMatchObject({ status: 'paga', detalhes: { tid: sale?.Tid, arp: sale?.AuthorizationCode, lr: '6' } });
  });

  it('acquirerB_web on e.Rede: a declined card is negada, the buyer still returns to the store', async () => {
    const { id, landed } = await pay('acquirerB_web', '202', '4000 0000 0000 0002');
    expect(landed.searchParams.get('transacao')).toBe(String(id));
    expect(erede.salesOfReference(String(id))[0]?.status).toBe('Denied');
    expect((await call('GET', `/v1/transacao/${id}?token=${shop.token}`)).body.transacao.status).toBe('negada');
  });
});
