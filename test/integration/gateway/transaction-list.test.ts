import { beforeAll, describe, expect, it } from 'vitest';
import { boletoBody, call, cardBody, newMerchant } from '../../support/gateway';
import { testStack } from '../../support/stack';

const { baseUrl } = testStack();
let shop: { id: string; token: string };
let other: { id: string; token: string };
/** Ids in creation order, with their status and method. */
const created: { id: number; status: string; method: string; order: number | string }[] = [];

async function list(query: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}/v1/transacao?${query}`);
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  shop = await newMerchant();
  other = await newMerchant();
  for (let i = 0; i < 33; i++) {
    const body =
      i % 5 === 4
        ? boletoBody(shop.token)
        : cardBody(shop.token, {
            pedido: { numero: String(7000 + (i % 3)) },
            pagamento: { cartao_numero: i % 4 === 1 ? '4000000000000002' : '4242424242424242' },
          });
    const reply = await call('POST', '/v1/transacao', body);
    expect(reply.status).toBe(201);
    const t = reply.body.transacao;
    created.push({ id: t.id, status: t.status, method: t.meio_pagamento, order: t.numero_pedido });
  }
  for (let i = 0; i < 3; i++) await call('POST', '/v1/transacao', cardBody(other.token));
});

async function walk(query: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const reply = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(reply.status).toBe(200);
    ids.push(...reply.body.transacoes.map((t: { id: number }) => t.id));
    cursor = reply.body.proximo_cursor;
    if (cursor === null) return ids;
  }
  throw new Error('paging did not end');
}

describe('GET /v1/transacao (DESIGN §7.1)', () => {
  it('pages walk every transaction of the merchant exactly once, newest first, in the consult shape', async () => {
    const newestFirst = created.map((t) => t.id).reverse();
    for (const limite of [1, 7, 33, 100]) {
      expect(await walk(`token=${shop.token}&limite=${limite}`)).toEqual(newestFirst);
    }
    const first = await list(`token=${shop.token}&limite=2`);
    expect(first.body.transacoes).toHaveLength(2);
    const consult = await call('GET', `/v1/transacao/${first.body.transacoes[0].id}?token=${shop.token}`);
    expect(first.body.transacoes[0]).toEqual(consult.body.transacao);
    expect(typeof first.body.proximo_cursor).toBe('string');
  });

  it('defaults to 20 per page, answers with a trailing slash, and shows only the token’s own merchant', async () => {
    const page = await list(`token=${shop.token}`);
    expect(page.body.transacoes).toHaveLength(20);
    const slash = await fetch(`${baseUrl}/v1/transacao/?token=${other.token}`);
    expect(slash.status).toBe(200);
    const mine = (await slash.json()).transacoes.map((t: { id: number }) => t.id);
    expect(mine).toHaveLength(3);
    expect(mine.some((id: number) => created.some((t) => t.id === id))).toBe(false);
  });

  it('filters by status, method, order number and date range, each walk exact', async () => {
    const expectIds = (predicate: (t: (typeof created)[number]) => boolean) =>
      created
        .filter(predicate)
        .map((t) => t.id)
        .reverse();
    expect(await walk(`token=${shop.token}&status=negada&limite=3`)).toEqual(expectIds((t) => t.status === 'negada'));
    expect(await walk(`token=${shop.token}&meio_pagamento=boleto_bankA&limite=2`)).toEqual(
      expectIds((t) => t.method === 'boleto_bankA'),
    );
    expect(await walk(`token=${shop.token}&numero_pedido=7001&limite=4`)).toEqual(expectIds((t) => t.order === 7001));
    expect(await walk(`token=${shop.token}&numero_pedido=7001&status=paga&limite=4`)).toEqual(
      expectIds((t) => t.order === 7001 && t.status === 'paga'),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await walk(`token=${shop.token}&desde=${today}&ate=${today}&limite=50`)).toEqual(expectIds(() => true));
    expect(await walk(`token=${shop.token}&desde=2099-01-01`)).toEqual([]);
    expect(await walk(`token=${shop.token}&ate=2000-01-01`)).toEqual([]);
  });

  it.each([
    ['limite=0', '003'],
    ['limite=101', '003'],
    ['limite=abc', '003'],
    ['status=pago', '003'],
    ['meio_pagamento=bitcoin', '004'],
    ['desde=2024-02-30', '003'],
    ['desde=2024-03-02&ate=2024-03-01', '003'],
    ['numero_pedido=', '003'],
    ['filtro=1', '003'],
  ])('a bad filter (%s) is a 400 in the erro envelope', async (query, codigo) => {
    const reply = await list(`token=${shop.token}&${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.transacao.erro.codigo).toBe(codigo);
  });

  it('no token or a wrong one is 401 (001)', async () => {
    expect((await list('status=paga')).status).toBe(401);
    const wrong = await list('token=00000000-0000-4000-8000-000000000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.transacao.erro.codigo).toBe('001');
  });

  it('a forged, edited or foreign cursor is a 400, never another page of anyone’s data', async () => {
    const page = await list(`token=${shop.token}&limite=5`);
    const cursor: string = page.body.proximo_cursor;
    const [payload, mac] = cursor.split('.') as [string, string];
    const position = Buffer.from(payload, 'base64url').toString('utf8');
    const edited = `${Buffer.from(
      position.replace(/\d$/, (d) => (d === '1' ? '2' : '1')),
      'utf8',
    ).toString('base64url')}.${mac}`;
    for (const bad of [edited, `${payload}.${'A'.repeat(mac.length)}`, 'abc', `${cursor}.x`, payload]) {
      const reply = await list(`token=${shop.token}&limite=5&cursor=${encodeURIComponent(bad)}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.transacao.erro.codigo).toBe('003');
    }
    const foreign = await list(`token=${other.token}&limite=5&cursor=${encodeURIComponent(cursor)}`);
    expect(foreign.status).toBe(400);
    const otherFilter = await list(`token=${shop.token}&status=paga&limite=5&cursor=${encodeURIComponent(cursor)}`);
    expect(otherFilter.status).toBe(400);
  });
});
