import { beforeAll, describe, expect, it } from 'vitest';
import { AdminClient, newAdminUser } from '../../../support/admin/admin-client';
import { call, cardBody, newMerchant } from '../../../support/gateway';
import { pixBody } from '../../../support/pix';

let shop: { id: string; token: string };
let admin: AdminClient;

beforeAll(async () => {
  shop = await newMerchant();
  const user = await newAdminUser(shop.id);
  admin = new AdminClient();
  expect((await admin.logIn(user.email, user.password)).status).toBe(303);
});

describe('admin UI: Pix details and the Pix filter', () => {
  it('the transaction page shows txid, expiry, e2eid and the copia e cola text', async () => {
    const created = (await call('POST', '/v1/transacao', pixBody(shop.token))).body.transacao;
    const paid = (await call('POST', `/v1/transacao/${created.id}/simular_pagamento`, { token: shop.token })).body.transacao;
    const page = await admin.get(`/v1/admin/transactions/${created.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="h-pix">Pix</h2>');
    expect(page.text).toContain(created.detalhes.txid);
    expect(page.text).toContain(paid.detalhes.e2eid);
    expect(page.text).toContain('Copia e cola');
    // The BR Code as text (HTML-escaped like any other text).
    expect(page.text).toContain(created.detalhes.br_code.replaceAll('&', '&amp;'));
  });

  it('the search by payment method pix lists Pix transactions only', async () => {
    const pix = (await call('POST', '/v1/transacao', pixBody(shop.token, {}, { numero: 'only-pix' }))).body.transacao;
    const card = (await call('POST', '/v1/transacao', cardBody(shop.token, { pedido: { numero: 'only-card' } }))).body.transacao;
    const list = await admin.get('/v1/admin/transactions?method=pix');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`/v1/admin/transactions/${pix.id}"`);
    expect(list.text).not.toContain(`/v1/admin/transactions/${card.id}"`);
    expect(list.text).toContain('<option value="pix" selected');
  });
});
