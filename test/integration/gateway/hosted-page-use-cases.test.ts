import { beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../lib/gateway';
import type { GatewayDependencies } from '../../../lib/gateway/use-cases/dependencies';
import { completeRedirectPayment, getBoletoSlip } from '../../../lib/gateway/use-cases/hosted-page-payment';
import { boletoBody, call, newMerchant, redirectBody } from '../../support/gateway';
import { testStack } from '../../support/stack';

const { env } = testStack();
let deps: GatewayDependencies;
let merchant: { id: string; token: string };

const pageUuidOf = (url: string) => url.split('/').pop() as string;
const buyerCard = { cartao_numero: '4242 4242 4242 4242', cartao_cvv: '321', cartao_validade: '082031' };

beforeAll(async () => {
  Object.assign(process.env, env, { LOG_LEVEL: 'SILENT' });
  deps = (await import('../../../lib/gateway/gateway-wiring')).gatewayWiring();
  merchant = await newMerchant('buy_page_acquirerA');
});

describe('use cases the hosted pages call (issue 4 builds the pages on them)', () => {
  it('completes a redirect payment once, fills detalhes, and sends the buyer back with transacao=<id>', async () => {
    const created = await call('POST', '/v1/transacao', redirectBody(merchant.token, 'bankA_shopline'));
    const { id, url_acesso } = created.body.transacao;
    const result = await completeRedirectPayment(deps, { pageUuid: pageUuidOf(url_acesso), card: buyerCard });
    expect(result.returnUrl).toBe(`https://shop.test/retorno?pedido=55&transacao=${id}`);
    expect(result.transaction.status).toBe('paga');
    const consulted = await call('GET', `/v1/transacao/${id}?token=${merchant.token}`);
    expect(consulted.body.transacao).toMatchObject({
      status: 'paga',
      detalhes: { tipo_pagamento: 'cartao', tipo_cartao: 'credito' },
    });
    expect(consulted.body.transacao.detalhes.numero_autorizacao).toMatch(/^[0-9A-F]{6}$/);
    await expect(completeRedirectPayment(deps, { pageUuid: pageUuidOf(url_acesso), card: buyerCard })).rejects.toMatchObject({
      kind: 'transition_not_allowed',
    });
  });

  it('two tabs submitting at once make one payment', async () => {
    const created = await call('POST', '/v1/transacao', redirectBody(merchant.token, 'acquirerA'));
    const pageUuid = pageUuidOf(created.body.transacao.url_acesso);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => completeRedirectPayment(deps, { pageUuid, card: buyerCard })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(GatewayError);
    const consulted = await call('GET', `/v1/transacao/${created.body.transacao.id}?token=${merchant.token}`);
    expect(consulted.body.transacao).toMatchObject({ status: 'paga', detalhes: { pan: '424242******4242', lr: '00' } });
  });

  it('a declined card on the page makes the transaction negada; a capturar=false payment waits for the capture', async () => {
    const declined = await call('POST', '/v1/transacao', redirectBody(merchant.token, 'acquirerB_web'));
    const result = await completeRedirectPayment(deps, {
      pageUuid: pageUuidOf(declined.body.transacao.url_acesso),
      card: { ...buyerCard, cartao_numero: '4000000000000002' },
    });
    expect(result.transaction.status).toBe('negada');

    const deferred = await call(
      'POST',
      '/v1/transacao',
      redirectBody(merchant.token, 'acquirerB_web', { transacao: { capturar: 'false' } }),
    );
    await completeRedirectPayment(deps, { pageUuid: pageUuidOf(deferred.body.transacao.url_acesso), card: buyerCard });
    const id = deferred.body.transacao.id;
    expect((await call('GET', `/v1/transacao/${id}?token=${merchant.token}`)).body.transacao.status).toBe('aguardando_pagamento');
    expect((await call('POST', `/v1/transacao/${id}/capturar`, { token: merchant.token })).body.transacao.status).toBe('paga');
  });

  it('refuses bad card input with the field named, and unknown or non-redirect pages', async () => {
    const created = await call('POST', '/v1/transacao', redirectBody(merchant.token, 'acquirerA'));
    const pageUuid = pageUuidOf(created.body.transacao.url_acesso);
    await expect(
      completeRedirectPayment(deps, { pageUuid, card: { ...buyerCard, cartao_numero: '4242424242424241' } }),
    ).rejects.toThrow(/cartao_numero/);
    await expect(completeRedirectPayment(deps, { pageUuid, card: { ...buyerCard, cartao_validade: '012001' } })).rejects.toThrow(
      /cartao_validade/,
    );
    await expect(
      completeRedirectPayment(deps, { pageUuid: '00000000-0000-4000-8000-000000000000', card: buyerCard }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(completeRedirectPayment(deps, { pageUuid: 'not-a-uuid', card: buyerCard })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('gives a boleto slip its data, and refuses a boleto page for payment', async () => {
    const created = await call('POST', '/v1/transacao', boletoBody(merchant.token, 'boleto_bankB', '15012031'));
    const pageUuid = pageUuidOf(created.body.transacao.url_acesso);
    const slip = await getBoletoSlip(deps, pageUuid);
    expect(slip).toMatchObject({
      totalCents: 15000,
      dueDate: '2031-01-15',
      method: 'boleto_bankB',
      merchantName: `Store ${merchant.id}`,
    });
    expect(slip.buyer).toMatchObject({ nome: 'João Souza', documento: '123.456.789-09', cidade: 'Rio' });
    await expect(completeRedirectPayment(deps, { pageUuid, card: buyerCard })).rejects.toMatchObject({
      kind: 'transition_not_allowed',
    });
    const card = await call('POST', '/v1/transacao', redirectBody(merchant.token, 'acquirerA'));
    await expect(getBoletoSlip(deps, pageUuidOf(card.body.transacao.url_acesso))).rejects.toMatchObject({ kind: 'not_found' });
  });
});
