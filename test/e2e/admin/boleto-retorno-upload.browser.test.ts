import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdminUser } from '../../support/admin/admin-client';
import { connectedMerchant, liquidacaoOf } from '../../support/boleto-bank';
import { launchChromium, screenshot } from '../../support/browser';
import { boletoBody, call } from '../../support/gateway';
import { testStack } from '../../support/stack';

/** The admin's retorno upload as a merchant uses it: Chromium picks the file and submits the multipart form. */
const { baseUrl } = testStack();
let browser: Browser;
let page: Page;
let shop: { id: string; token: string };

beforeAll(async () => {
  shop = await connectedMerchant();
  const user = await newAdminUser(shop.id);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // A deep link: through the login and back to the boleto files page.
  await page.goto(`${baseUrl}/v1/admin/boletos`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/v1\/admin\/boletos$/);
});

afterAll(async () => {
  await browser?.close();
});

async function upload(name: string, content: string | Buffer) {
  await page.goto(`${baseUrl}/v1/admin/boletos`);
  await page.getByLabel('Boleto method').selectOption('boleto_bankA');
  const buffer = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  await page.getByLabel(/The retorno file/).setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await page.getByRole('button', { name: 'Import retorno' }).click();
  await page.waitForLoadState('load');
}

describe('admin retorno upload in a real browser (headless Chromium)', () => {
  it('a file that is not CNAB 240 is refused calmly; the bank’s file, chosen in the file picker, pays the boleto', async () => {
    const { transacao } = (await call('POST', '/v1/transacao', boletoBody(shop.token))).body;

    await upload('extrato.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'latin1'));
    expect(await page.getByRole('alert').innerText()).toMatch(/nothing was applied: linha 1:/);
    await screenshot(page, 'admin/boleto-retorno-refused');

    await upload('CB021230.RET', liquidacaoOf(transacao, 77));
    expect(await page.locator('main').innerText()).toMatch(/1\s+applied/);
    await screenshot(page, 'admin/boleto-retorno-applied');
    expect((await call('GET', `/v1/transacao/${transacao.id}?token=${shop.token}`)).body.transacao.status).toBe('paga');
  });
});
