import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeFromLine, decodeBarcode } from '../../lib/gateway/boleto/febraban-code';
import { horizontalOverflow, launchChromium, type ReturnServer, screenshot, startReturnServer } from '../support/browser';
import { boletoBody, call, expectNoCardData, newMerchant, redirectBody } from '../support/gateway';
import { testStack } from '../support/stack';

const { baseUrl, logFile } = testStack();
const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const PHONE = { width: 360, height: 740 };

let browser: Browser;
let context: BrowserContext;
let store: ReturnServer;
let buyPage: { token: string };
let withAuthentication: { token: string };

beforeAll(async () => {
  [browser, store, buyPage, withAuthentication] = await Promise.all([
    launchChromium(),
    startReturnServer(),
    newMerchant('buy_page_acquirerA'),
    newMerchant('loja_com_autenticacao'),
  ]);
  context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function create(method: string, token: string, order: string, transacao: object = {}) {
  const created = await call(
    'POST',
    '/v1/transacao',
    redirectBody(token, method, {
      transacao: { url_retorno: `${store.origin}/retorno?pedido=${order}&canal=web`, ...transacao },
    }),
  );
  expect(created.status).toBe(201);
  return created.body.transacao as { id: number; url_acesso: string };
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Validade').fill('08/2031');
  await page.getByLabel('Código de segurança (CVV)').fill('123');
}

/** Submits and waits for the browser to land on the store's url_retorno; returns where it landed. */
async function payAndReturn(page: Page): Promise<URL> {
  await Promise.all([page.waitForURL(`${store.origin}/**`), page.getByRole('button', { name: /^Pagar/ }).click()]);
  const landed = new URL(page.url());
  // The store's server itself saw the buyer arrive, with the same query.
  expect(store.hits.map((hit) => hit.search)).toContain(landed.search);
  return landed;
}

const consult = async (id: number, token: string) => (await call('GET', `/v1/transacao/${id}?token=${token}`)).body.transacao;

describe('buyer pays in a real browser and comes back to the store', () => {
  it('acquirerA buy page', async () => {
    const { id, url_acesso } = await create('acquirerA', buyPage.token, '101');
    const page = await context.newPage();
    await page.goto(url_acesso);
    await expect(page.getByRole('heading', { name: 'Dados do cartão' }).isVisible()).resolves.toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'acquirerA-buy-page');
    await page.getByLabel('Bandeira').selectOption('visa');
    await fillCard(page, APPROVED);
    const landed = await payAndReturn(page);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ pedido: '101', canal: 'web', transacao: String(id) });
    expect(await consult(id, buyPage.token)).toMatchObject({ status: 'paga', detalhes: { pan: '424242******4242', lr: '00' } });
    await page.close();
  });

  it('acquirerA store page with authentication: 3-D Secure challenge, then the card', async () => {
    const { id, url_acesso } = await create('acquirerA', withAuthentication.token, '102');
    const page = await context.newPage();
    await page.goto(url_acesso);
    const code = (await page.locator('.code').textContent())?.trim() as string;
    expect(code).toMatch(/^\d{6}$/);
    await screenshot(page, 'acquirerA-3ds-challenge');
    await page.getByLabel('Código de verificação').fill(code === '000000' ? '999999' : '000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Código incorreto').isVisible()).resolves.toBe(true);
    await screenshot(page, 'acquirerA-3ds-wrong-code');
    await page.getByLabel('Código de verificação').fill(code);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await fillCard(page, DECLINED);
    await screenshot(page, 'acquirerA-3ds-card');
    const landed = await payAndReturn(page);
    expect(landed.searchParams.get('transacao')).toBe(String(id));
    expect(await consult(id, withAuthentication.token)).toMatchObject({ status: 'negada', detalhes: { lr: '05' } });
    await page.close();
  });

  it('acquirerB integrated card page, with errors on the page first', async () => {
    const { id, url_acesso } = await create('acquirerB_web', buyPage.token, '103');
    const page = await context.newPage();
    await page.goto(url_acesso);
    await screenshot(page, 'acquirerB-web-page');
    await fillCard(page, '4242 4242 4242 4241');
    await page.getByLabel('Validade').fill('01/2020');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByText('Número de cartão inválido').isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Validade').inputValue()).toBe('01/2020');
    expect(await page.getByLabel('Número do cartão').inputValue()).toBe('');
    expect(await page.getByLabel('Código de segurança (CVV)').inputValue()).toBe('');
    expect(await page.getByLabel('Número do cartão').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'acquirerB-web-errors');
    await fillCard(page, APPROVED);
    const landed = await payAndReturn(page);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ pedido: '103', canal: 'web', transacao: String(id) });
    expect(await consult(id, buyPage.token)).toMatchObject({ status: 'paga' });

    // Back on the page: the outcome and the link back, no form.
    await page.goto(url_acesso);
    await expect(page.getByRole('heading', { name: 'Pagamento aprovado' }).isVisible()).resolves.toBe(true);
    expect(await page.locator('form').count()).toBe(0);
    await screenshot(page, 'acquirerB-web-outcome');
    await Promise.all([page.waitForURL(`${store.origin}/**`), page.getByRole('link', { name: /Voltar para/ }).click()]);
    expect(new URL(page.url()).searchParams.get('transacao')).toBe(String(id));
    await page.close();
  });

  it('bankA Shopline: the buyer chooses how to pay and confirms', async () => {
    const { id, url_acesso } = await create('bankA_shopline', buyPage.token, '104');
    const page = await context.newPage();
    await page.goto(url_acesso);
    await screenshot(page, 'bankA-shopline-choice');
    await page.getByLabel('Cartão de débito').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await fillCard(page, APPROVED);
    await screenshot(page, 'bankA-shopline-card');
    const landed = await payAndReturn(page);
    expect(landed.searchParams.get('transacao')).toBe(String(id));
    expect(await consult(id, buyPage.token)).toMatchObject({ status: 'paga', detalhes: { tipo_cartao: 'debito' } });
    await page.close();
  });
});

describe('in the browser', () => {
  it('two tabs submitting at once make one payment', async () => {
    const { id, url_acesso } = await create('acquirerB_web', buyPage.token, '105');
    const tabs = await Promise.all([context.newPage(), context.newPage()]);
    for (const tab of tabs) {
      await tab.goto(url_acesso);
      await fillCard(tab, APPROVED);
    }
    await Promise.all(tabs.map((tab) => tab.getByRole('button', { name: /^Pagar/ }).click()));
    await Promise.all(tabs.map((tab) => tab.waitForLoadState('load')));
    const landed = tabs.filter((tab) => tab.url().startsWith(store.origin));
    const refused = tabs.filter((tab) => !tab.url().startsWith(store.origin));
    expect(landed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    await expect(refused[0]!.getByRole('heading', { name: 'Pagamento aprovado' }).isVisible()).resolves.toBe(true);
    await expect(refused[0]!.getByText('já tinha sido enviado').isVisible()).resolves.toBe(true);
    await screenshot(refused[0]!, 'double-submit-second-tab');
    expect(await consult(id, buyPage.token)).toMatchObject({ status: 'paga' });
    await Promise.all(tabs.map((tab) => tab.close()));
  });

  it('renders <script> in descricao and nome as inert text', async () => {
    const { url_acesso } = await create('acquirerB_web', buyPage.token, '106', {
      pedido: { numero: '106', total: '9.99', moeda: 'real', descricao: '<script>alert("descricao")</script>' },
      comprador: { nome: '<img src=x onerror=alert("nome")><script>alert(1)</script>' },
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url_acesso);
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.locator('img').count()).toBe(0);
    await expect(page.getByText('<script>alert("descricao")</script>').isVisible()).resolves.toBe(true);
    await expect(page.getByText('<img src=x onerror=alert("nome")><script>alert(1)</script>').isVisible()).resolves.toBe(true);
    expect(dialogs).toEqual([]);
    await screenshot(page, 'xss-inert');
    await page.close();
  });

  it('shows a proper 404 page for an unknown page', async () => {
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/v1/acquirerB_web/00000000-0000-4000-8000-000000000000`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'not-found');
    await page.close();
  });

  it('shows a boleto slip whose line decodes to its amount and due date, printable on A4', async () => {
    const created = await call('POST', '/v1/transacao', boletoBody(buyPage.token, 'boleto_bankA', '22022031'));
    const page = await browser.newPage({ viewport: { width: 1000, height: 1200 } });
    await page.goto(created.body.transacao.url_acesso);
    const line = (await page.getByTestId('linha-digitavel').textContent()) as string;
    expect(decodeBarcode(barcodeFromLine(line), new Date('2031-01-01'))).toMatchObject({
      bankCode: '341',
      amountCents: 15000,
      dueDate: '2031-02-22',
    });
    const barcode = page.getByRole('img', { name: /^Código de barras \d{44}$/ });
    expect(await barcode.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'boleto-slip');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'boleto-slip-print');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'boleto-slip-phone');
    const pdf = await page.pdf({ format: 'A4', path: 'test/artifacts/boleto-slip.pdf' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.close();
  });

  it('leaves no card number in tables or logs', async () => {
    await expectNoCardData(['4242424242424242', '4000000000000002', '4242424242424241'], logFile);
  });
});
