import { describe, expect, it } from 'vitest';
import { connectedMerchant } from '../../../support/boleto-bank';
import { boletoBody, call, newMerchant } from '../../../support/gateway';

const withTotal = (token: string, total: string) => {
  const body = boletoBody(token);
  return { ...body, transacao: { ...body.transacao, pedido: { ...body.transacao.pedido, total } } };
};

const listed = async (token: string) =>
  ((await call('GET', `/v1/transacao?token=${token}`)).body as unknown as { transacoes: unknown[] }).transacoes;

/** The barcode's amount field has 10 digits of cents: a boleto above 99,999,999.99 cannot be printed nor paid. */
describe('boleto total limit', () => {
  it('refuses 100,000,000.00 and more with 400 003 on transacao.pedido.total, storing nothing; takes 99,999,999.99', async () => {
    for (const shop of [await newMerchant(), await connectedMerchant()]) {
      for (const total of ['100000000.00', '99999999999.99']) {
        const reply = await call('POST', '/v1/transacao', withTotal(shop.token, total));
        expect(reply.status, total).toBe(400);
        expect(reply.body.transacao.erro.codigo).toBe('003');
        expect(reply.body.transacao.erro.mensagem).toMatch(/transacao\.pedido\.total/);
      }
      expect(await listed(shop.token)).toEqual([]);
      const largest = await call('POST', '/v1/transacao', withTotal(shop.token, '99999999.99'));
      expect(largest.status).toBe(201);
      expect(largest.body.transacao.total).toBe('99999999.99');
    }
  });
});
