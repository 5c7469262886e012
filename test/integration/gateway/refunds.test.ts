import { beforeAll, describe, expect, it } from 'vitest';
import { boletoBody, call, cardBody, newMerchant } from '../../support/gateway';
import { testStack } from '../../support/stack';

// Added for issue 22 step 2 (gw-refunds): partial capture, partial and multiple refunds, through serverless offline.
testStack();
let shop: { id: string; token: string };

beforeAll(async () => {
  shop = await newMerchant('loja_sem_autenticacao');
});

async function paid(total = '100.00', capturar = true) {
  const created = await call('POST', '/v1/transacao', cardBody(shop.token, { pedido: { total }, transacao: { capturar } }));
  expect(created.status).toBe(201);
  return created.body.transacao.id as number;
}

const refund = (id: number, valor?: string, headers: Record<string, string> = {}) =>
  call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token, ...(valor === undefined ? {} : { valor }) }, headers);
const consult = async (id: number) => (await call('GET', `/v1/transacao/${id}?token=${shop.token}`)).body.transacao;

describe('partial capture', () => {
  it('captures a part: valor_capturado in the response and consults; refunds are bounded by it', async () => {
    const id = await paid('100.00', false);
    expect((await consult(id)).valor_estornado).toBe('0.00');
    expect(await consult(id)).not.toHaveProperty('valor_capturado');
    const over = await call('POST', `/v1/transacao/${id}/capturar`, { token: shop.token, valor: '100.01' });
    expect(over.status).toBe(409);
    expect(over.body.transacao).toMatchObject({ status: 'aguardando_pagamento', erro: { codigo: '007' } });

    const captured = await call('POST', `/v1/transacao/${id}/capturar`, { token: shop.token, valor: '40.00' });
    expect(captured.status).toBe(200);
    expect(captured.body.transacao).toMatchObject({
      status: 'paga',
      total: '100.00',
      valor_capturado: '40.00',
      valor_estornado: '0.00',
      estornos: [],
      erro: null,
    });
    expect(await consult(id)).toEqual(captured.body.transacao);

    const tooMuch = await refund(id, '40.01');
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.transacao.erro).toEqual({ codigo: '007', mensagem: 'valor maior que o saldo a estornar (40.00)' });
    const all = await refund(id);
    expect(all.status).toBe(200);
    expect(all.body.transacao).toMatchObject({ status: 'cancelada', valor_capturado: '40.00', valor_estornado: '40.00' });
    expect(all.body.transacao.estornos).toEqual([
      { id: expect.stringMatching(/^est_[0-9a-f]{24}$/), valor: '40.00', status: 'concluido', criado_em: expect.any(String) },
    ]);
  });

  it('a capture without valor takes the total, as before', async () => {
    const id = await paid('20.00', false);
    const captured = await call('POST', `/v1/transacao/${id}/capturar`, { token: shop.token });
    expect(captured.body.transacao).toMatchObject({ status: 'paga', valor_capturado: '20.00' });
  });
});

describe('partial and multiple refunds', () => {
  it('refunds below what remains leave paga; the one reaching the total cancels; nothing more can be refunded', async () => {
    const id = await paid('100.00');
    const first = await refund(id, '10.00');
    expect(first.status).toBe(200);
    expect(first.body.transacao).toMatchObject({ status: 'paga', valor_capturado: '100.00', valor_estornado: '10.00' });
    const second = await refund(id, '25.50');
    expect(second.body.transacao).toMatchObject({ status: 'paga', valor_estornado: '35.50' });
    const over = await refund(id, '64.51');
    expect(over.status).toBe(409);
    expect(over.body.transacao).toMatchObject({ status: 'paga', valor_estornado: '35.50' });
    expect(over.body.transacao.erro.mensagem).toContain('64.50');
    const last = await refund(id, '64.50');
    expect(last.body.transacao).toMatchObject({ status: 'cancelada', valor_estornado: '100.00' });
    expect(last.body.transacao.estornos.map((e: { valor: string; status: string }) => [e.valor, e.status])).toEqual([
      ['10.00', 'concluido'],
      ['25.50', 'concluido'],
      ['64.50', 'concluido'],
    ]);
    expect(await consult(id)).toEqual(last.body.transacao);
    for (const valor of ['0.01', undefined]) {
      const after = await refund(id, valor);
      expect(after.status).toBe(409);
      expect(after.body.transacao).toMatchObject({ status: 'cancelada', erro: { codigo: '007' } });
    }
  });

  it('boleto, unpaid and denied transactions refuse refunds (409) with or without valor', async () => {
    const boleto = (await call('POST', '/v1/transacao', boletoBody(shop.token))).body.transacao.id;
    const unpaid = await paid('10.00', false);
    const denied = (
      await call('POST', '/v1/transacao', cardBody(shop.token, { pagamento: { cartao_numero: '4000000000000002' } }))
    ).body.transacao.id;
    for (const id of [boleto, unpaid, denied]) {
      for (const valor of ['1.00', undefined]) {
        const reply = await refund(id, valor);
        expect(reply.status).toBe(409);
        expect(reply.body.transacao.erro.codigo).toBe('007');
        expect(reply.body.transacao.estornos).toEqual([]);
      }
    }
    const capturedBoleto = await call('POST', `/v1/transacao/${boleto}/capturar`, { token: shop.token, valor: '1.00' });
    expect(capturedBoleto.status).toBe(409);
  });

  it('a malformed valor is 400 with the erro envelope, and nothing is stored (not even the Idempotency-Key)', async () => {
    const id = await paid('50.00', false);
    const before = await consult(id);
    for (const valor of ['12.345', '0.00', '-1.00', 12.34, 'abc', '1,00', '1.5', '', ' 1.00', null]) {
      for (const operation of ['estornar', 'capturar']) {
        const reply = await call(
          'POST',
          `/v1/transacao/${id}/${operation}`,
          { token: shop.token, valor },
          { 'idempotency-key': `bad-${operation}` },
        );
        expect(reply.status, `${operation} ${JSON.stringify(valor)}`).toBe(400);
        expect(reply.body.transacao.erro.mensagem).toMatch(/^valor: /);
      }
    }
    expect(await consult(id)).toEqual(before);
    const captured = await call(
      'POST',
      `/v1/transacao/${id}/capturar`,
      { token: shop.token, valor: '30.00' },
      { 'idempotency-key': 'bad-capturar' },
    );
    expect(captured.body.transacao).toMatchObject({ status: 'paga', valor_capturado: '30.00' });
    const refunded = await refund(id, '1.00', { 'idempotency-key': 'bad-estornar' });
    expect(refunded.body.transacao).toMatchObject({ status: 'paga', valor_estornado: '1.00' });
  });
});

describe('Idempotency-Key on refunds', () => {
  it('the same key and body replays the refund (one refund made); another valor is 009; parallel retries make one', async () => {
    const id = await paid('100.00');
    const first = await refund(id, '10.00', { 'idempotency-key': 'ref-1' });
    const retry = await refund(id, '10.00', { 'idempotency-key': 'ref-1' });
    expect(first.status).toBe(200);
    expect(retry).toEqual(first);
    const changed = await refund(id, '11.00', { 'idempotency-key': 'ref-1' });
    expect(changed.status).toBe(422);
    expect(changed.body.transacao.erro.codigo).toBe('009');
    expect((await consult(id)).estornos).toHaveLength(1);

    const racers = await Promise.all(Array.from({ length: 8 }, () => refund(id, '5.00', { 'idempotency-key': 'ref-race' })));
    expect(racers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const stored = await consult(id);
    expect(stored.estornos).toHaveLength(2);
    expect(stored.valor_estornado).toBe('15.00');
    const raced = stored.estornos[1].id;
    for (const reply of racers) expect(reply.body.transacao.estornos.at(-1).id).toBe(raced);
  });
});

describe('concurrency', () => {
  it('30 parallel partial refunds never exceed the total: exactly what fits is refunded, the rest get 409', async () => {
    const id = await paid('100.00');
    const replies = await Promise.all(Array.from({ length: 30 }, () => refund(id, '5.00')));
    // What was neither done nor refused for want of balance, with its answer, so that a failure says why.
    expect(replies.filter((r) => r.status !== 200 && r.status !== 409).map((r) => JSON.stringify(r.body))).toEqual([]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(20);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(10);
    const stored = await consult(id);
    expect(stored).toMatchObject({ status: 'cancelada', valor_capturado: '100.00', valor_estornado: '100.00' });
    expect(stored.estornos).toHaveLength(20);
    expect(stored.estornos.every((e: { valor: string; status: string }) => e.valor === '5.00' && e.status === 'concluido')).toBe(
      true,
    );
    expect(new Set(stored.estornos.map((e: { id: string }) => e.id)).size).toBe(20);
  });

  it('30 parallel refunds of amounts that do not divide the total stop below it and leave paga', async () => {
    const id = await paid('100.00');
    const replies = await Promise.all(Array.from({ length: 30 }, () => refund(id, '7.00')));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(14);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(16);
    const stored = await consult(id);
    expect(stored).toMatchObject({ status: 'paga', valor_estornado: '98.00' });
    expect((await refund(id)).body.transacao).toMatchObject({ status: 'cancelada', valor_estornado: '100.00' });
  });
});
