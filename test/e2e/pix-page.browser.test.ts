import { join } from 'node:path';
import { parsePix } from 'pix-utils';
import { computeCRC } from 'pix-utils/dist/main/crc';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPixExpiry } from '../../lib/gateway/gateway-wiring';
import { expirePixCharges } from '../../lib/gateway/use-cases/pix-expiry';
import {
  ARTIFACTS,
  horizontalOverflow,
  launchChromium,
  type ReturnServer,
  screenshot,
  startReturnServer,
} from '../support/browser';
import { call, newMerchant } from '../support/gateway';
import { pixBody } from '../support/pix';
import { readQrCodes } from '../support/qr-readback';
import { testStack } from '../support/stack';
import {
  hasValidSignature,
  pumpWebhooks,
  registerWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../support/webhook-receiver';

const { baseUrl, stage } = testStack();
const PHONE = { width: 360, height: 740 };

interface PixTransaction {
  id: number;
  status: string;
  url_acesso: string;
  detalhes: { txid: string; br_code: string; expira_em: string; e2eid: string | null; data_pagamento: string | null };
}

let browser: Browser;
let context: BrowserContext;
let store: ReturnServer;
let hooks: WebhookReceiver;
let shop: { token: string };
let secret: string;
/** Created first, so that its minute runs out while the other tests run. */
let expiring: PixTransaction;
let expiringPage: Page;

beforeAll(async () => {
  [browser, store, hooks, shop] = await Promise.all([
    launchChromium(),
    startReturnServer(),
    startWebhookReceiver(),
    newMerchant(),
  ]);
  secret = (await registerWebhook(shop.token, hooks.url)).segredo;
  context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  expiring = await createPix('pix-expira', { expiracao: 60 });
  expiringPage = await context.newPage();
  await expiringPage.goto(expiring.url_acesso);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
  await hooks?.close();
});

async function createPix(order: string, pagamento: Record<string, unknown> = {}): Promise<PixTransaction> {
  const body = pixBody(shop.token, pagamento, { numero: order });
  const transacao = { ...body.transacao, url_retorno: `${store.origin}/retorno?pedido=${order}&canal=pix` };
  const created = await call('POST', '/v1/transacao', { ...body, transacao });
  expect(created.status).toBe(201);
  return created.body.transacao as PixTransaction;
}

const consult = async (id: number) =>
  (await call('GET', `/v1/transacao/${id}?token=${shop.token}`)).body.transacao as PixTransaction;

/** The events the merchant's webhook got for a transaction, each checked for a valid Gateway-Signature. */
function eventsOf(id: number): string[] {
  const mine = hooks.received.filter((delivery) => delivery.event.transacao.id === id);
  for (const delivery of mine) expect(hasValidSignature(delivery, secret), delivery.signature).toBe(true);
  return mine.map((delivery) => delivery.event.tipo);
}

describe('the hosted Pix page in a real browser (Debian Chromium)', () => {
  it('shows a QR code that zbarimg reads back as exactly the API’s br_code; copy; simulate → the store; paga; webhook', async () => {
    const created = await createPix('pix-201');
    const brCode = created.detalhes.br_code;
    const page = await context.newPage();
    await page.goto(created.url_acesso);
    await expect(page.getByRole('heading', { name: 'Pague R$ 123,45 com Pix' }).isVisible()).resolves.toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'pix-page');

    // The QR code as the buyer's phone sees it: a screenshot of the page, read by an independent decoder.
    const qrShot = join(ARTIFACTS, 'pix-page-qr.png');
    await page.locator('.qr svg').screenshot({ path: qrShot });
    expect(await readQrCodes(qrShot)).toEqual([brCode]);
    expect(await readQrCodes(join(ARTIFACTS, 'pix-page.png'))).toEqual([brCode]);
    const pix = parsePix(brCode) as unknown as Record<string, unknown>;
    expect(pix).toMatchObject({ type: 'DYNAMIC', countryCode: 'BR', transactionCurrency: '986' });
    expect(computeCRC(brCode.slice(0, -4))).toBe(brCode.slice(-4));

    // Copia e cola: the text, and the button puts it on the clipboard.
    expect(await page.getByLabel('Pix copia e cola').inputValue()).toBe(brCode);
    await page.getByRole('button', { name: 'Copiar código' }).click();
    // The confirmation appears once the clipboard write resolves: wait for it rather than look at once.
    await page.getByText('Código copiado').waitFor({ state: 'visible', timeout: 5_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(brCode);
    await expect(page.locator('[data-countdown]').textContent()).resolves.toMatch(/^Expira em (59|60):\d\d$/);
    await expect(page.getByRole('status').textContent()).resolves.toContain('Aguardando o pagamento');

    await Promise.all([
      page.waitForURL(`${store.origin}/**`),
      page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({ pedido: 'pix-201', canal: 'pix', transacao: String(created.id) });
    const paid = await consult(created.id);
    expect(paid.status).toBe('paga');
    expect(paid.detalhes.e2eid).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);
    expect(paid.detalhes.data_pagamento).not.toBeNull();
    await pumpWebhooks(() => eventsOf(created.id).includes('transacao.paga'));
    expect(eventsOf(created.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.paga']);

    // Back on the page: the outcome and the way back, no QR code, no script.
    await page.goto(created.url_acesso);
    await expect(page.getByRole('heading', { name: 'Pagamento confirmado' }).isVisible()).resolves.toBe(true);
    expect(await page.locator('svg, script, form').count()).toBe(0);
    await screenshot(page, 'pix-page-paid');
    await page.close();
  });

  it('a page left open notices a payment made elsewhere (another tab) by polling, and sends the buyer to the store', async () => {
    const created = await createPix('pix-202');
    const waiting = await context.newPage();
    await waiting.goto(created.url_acesso);
    const other = await context.newPage();
    await other.goto(created.url_acesso);
    await Promise.all([
      other.waitForURL(`${store.origin}/**`),
      other.getByRole('button', { name: /^Simular pagamento/ }).click(),
    ]);
    await waiting.waitForURL(`${store.origin}/**`, { timeout: 15_000 });
    expect(Object.fromEntries(new URL(waiting.url()).searchParams)).toEqual({
      pedido: 'pix-202',
      canal: 'pix',
      transacao: String(created.id),
    });
    await Promise.all([waiting.close(), other.close()]);
  });

  it('an expired charge: the open page says so by itself; it becomes negada (the page’s own poll or the expiry pass), the page and the store’s webhook learn it once', async () => {
    const wait = Date.parse(expiring.detalhes.expira_em) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await expiringPage.locator('[data-state=expired]').waitFor({ timeout: 15_000 });
    await expect(expiringPage.locator('[data-countdown]').textContent()).resolves.toBe('Prazo encerrado');
    await expect(expiringPage.getByRole('heading', { name: 'Este Pix expirou' }).isVisible()).resolves.toBe(true);
    expect(await expiringPage.locator('.qr svg').isVisible()).toBe(false);
    await expect(expiringPage.getByRole('status').textContent()).resolves.toContain('prazo deste Pix acabou');
    await screenshot(expiringPage, 'pix-page-expired-open');

    // The page's status poll expires the overdue charge on read, as a consult would, and the expiry pass may get there
    // first (the pass alone, with no request, is proven in pix-flow.test.ts); either way one negada, one event.
    const expiry = createPixExpiry(stage.clients, stage.names);
    const until = Date.now() + 30_000;
    while (!(await expiringPage.getByRole('status').textContent())?.includes('expirou sem pagamento')) {
      if (Date.now() > until) throw new Error('the charge did not become negada in time');
      await expirePixCharges(expiry);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await pumpWebhooks(() => eventsOf(expiring.id).includes('transacao.negada'));
    expect(eventsOf(expiring.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.negada']);
    expect(hooks.received.find((d) => d.event.tipo === 'transacao.negada')?.event.transacao).toMatchObject({
      id: expiring.id,
      status: 'negada',
    });
    expect((await consult(expiring.id)).status).toBe('negada');

    await expiringPage.goto(expiring.url_acesso);
    await expect(expiringPage.getByRole('heading', { name: 'Este Pix expirou' }).isVisible()).resolves.toBe(true);
    expect(await expiringPage.locator('svg, textarea, form, script').count()).toBe(0);
    await screenshot(expiringPage, 'pix-page-expired');
  }, 150_000);

  it('an unknown page is the calm 404 page', async () => {
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/v1/pix/0b5e1c9a-3f1e-4a57-9d1e-2f9a1b7c4d10`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' }).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
