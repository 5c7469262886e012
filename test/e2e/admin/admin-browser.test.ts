import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdminUser } from '../../support/admin/admin-client';
import { launchChromium, screenshot } from '../../support/browser';
import { call, cardBody, newMerchant } from '../../support/gateway';
import { testStack } from '../../support/stack';

const { baseUrl } = testStack();
let browser: Browser;
let page: Page;
let user: { email: string; password: string };
let target: number;

beforeAll(async () => {
  const shop = await newMerchant();
  user = await newAdminUser(shop.id);
  const order = (numero: string, total: string, nome: string, capturar: string) =>
    call(
      'POST',
      '/v1/transacao',
      cardBody(shop.token, {
        pedido: { numero, total },
        transacao: { capturar, comprador: { nome, documento: '39053344705' } },
      }),
    );
  // Noise around the one the search must find: other buyers, other statuses, other amounts.
  await order('5001', '19.90', 'Carlos Mendes', 'true');
  await order('5002', '250.00', 'Beatriz Ramos', 'true');
  target = (await order('5003', '120.00', 'Beatriz Ramos', 'false')).body.transacao.id;
  await order('5004', '75.00', 'Ana Costa', 'false');
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

const shot = (name: string) => screenshot(page, `admin/${name}`);

describe('the admin UI in a real browser (headless Chromium, no JavaScript needed)', () => {
  it('log in, search, open details, capture, estornar, see the list reflect it, log out', async () => {
    // A deep link without a session goes through the login and comes back.
    await page.goto(`${baseUrl}/v1/admin/transactions`);
    await expect.poll(() => page.url()).toContain('/v1/admin/login?next=');
    expect(await page.locator('.stage').innerText()).toContain('SANDBOX');
    await shot('01-login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/v1\/admin\/transactions$/);
    expect(await page.locator('tbody tr').count()).toBe(4);
    await shot('02-transactions');

    // A combined advanced search: status + buyer + amount range + today's date range.
    await page.getByText('Advanced search').click();
    await page.getByLabel('Status').selectOption('aguardando_pagamento');
    await page.getByLabel('Buyer name or document').fill('beatriz');
    await page.getByLabel('Amount from (R$)').fill('100');
    await page.getByLabel('Amount to (R$)').fill('200,00');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Created from (UTC)').fill(today);
    await page.getByLabel('Created to (UTC)').fill(today);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/status=aguardando_pagamento/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      buyer: 'beatriz',
      min: '100',
      max: '200,00',
      from: today,
      to: today,
    });
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('5003');
    await shot('03-search');

    // The same URL opened fresh gives the same result (bookmarkable), and an impossible search says so.
    await page.goto(`${baseUrl}/v1/admin/transactions?buyer=nobody-at-all`);
    expect(await page.getByRole('status').last().innerText()).toContain('No transactions match this search.');
    await page.goto(url.toString());
    await page.getByRole('link', { name: String(target), exact: true }).click();
    await page.waitForURL(new RegExp(`/v1/admin/transactions/${target}$`));
    expect(await page.locator('main').innerText()).toContain('424242******4242');
    await shot('04-details');

    await page.getByRole('link', { name: /Capture/ }).click();
    await page.waitForURL(/\/capture$/);
    await shot('05-confirm-capture');
    await page.getByRole('button', { name: /Capture/ }).click();
    await page.waitForURL(/result=paga/);
    expect(await page.getByRole('status').innerText()).toContain('Captured');
    expect(await page.locator('h1 .badge').innerText()).toBe('Paid');

    await page.getByRole('link', { name: /Refund/ }).click();
    await page.waitForURL(/\/refund$/);
    await page.getByRole('button', { name: /Refund/ }).click();
    await page.waitForURL(/result=cancelada/);
    expect(await page.locator('h1 .badge').innerText()).toBe('Refunded');
    const history = await page.locator('#h-history + .scroll tbody').innerText();
    expect(history).toContain(`admin:${user.email}`);
    await shot('06-details-after-refund');

    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    const row = page.locator('tbody tr', { hasText: '5003' });
    expect(await row.locator('.badge').innerText()).toBe('Refunded');

    await page.getByRole('link', { name: 'Overview' }).click();
    expect(await page.locator('svg.chart rect').count()).toBe(30);
    await shot('07-overview');
    await page.getByRole('link', { name: 'Activity' }).click();
    expect(await page.locator('tbody').innerText()).toContain('Refund (estorno)');
    await shot('08-activity');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    await shot('09-transactions-phone');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/v1\/admin\/login$/);
    await page.goto(`${baseUrl}/v1/admin`);
    expect(page.url()).toContain('/v1/admin/login');
  });
});
