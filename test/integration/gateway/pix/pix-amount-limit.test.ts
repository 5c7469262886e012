import { describe, expect, it } from 'vitest';
import { call, newMerchant } from '../../../support/gateway';
import { pixBody } from '../../../support/pix';

/** Issue 31: a Pix total beyond what a BR Code holds (10 integer digits) is the client's error, not a 500. */
describe('Pix total limit', () => {
  it('refuses 10,000,000,000.00 and more with 400 003 on transacao.pedido.total, storing nothing; takes 9,999,999,999.99', async () => {
    const shop = await newMerchant();
    for (const total of ['10000000000.00', '999999999999.99']) {
      const reply = await call('POST', '/v1/transacao', pixBody(shop.token, {}, { total }));
      expect(reply.status, total).toBe(400);
      expect(reply.body.transacao.erro.codigo).toBe('003');
      expect(reply.body.transacao.erro.mensagem).toMatch(/transacao\.pedido\.total/);
    }
    const list = await call('GET', `/v1/transacao?token=${shop.token}`);
    expect((list.body as unknown as { transacoes: unknown[] }).transacoes).toEqual([]);
    const largest = await call('POST', '/v1/transacao', pixBody(shop.token, {}, { total: '9999999999.99' }));
    expect(largest.status).toBe(201);
    expect(largest.body.transacao.total).toBe('9999999999.99');
  });
});
