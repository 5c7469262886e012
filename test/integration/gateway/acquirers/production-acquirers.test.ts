import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSecretString } from '../../../../lib/aws';
import { createMerchantAcquirers, withMerchantAcquirers } from '../../../../lib/gateway/acquirer-wiring';
import { AcquirerUnavailableError } from '../../../../lib/gateway/acquirers/acquirer';
import { configureMerchantAcquirer, type MerchantAcquirerConnections } from '../../../../lib/gateway/acquirers/connection';
import { namedSecretReader } from '../../../../lib/gateway/connections';
import { createGatewayDependencies } from '../../../../lib/gateway/gateway-wiring';
import { createTransaction } from '../../../../lib/gateway/use-cases/create-transaction';
import type { GatewayDependencies } from '../../../../lib/gateway/use-cases/dependencies';
import { getTransaction } from '../../../../lib/gateway/use-cases/get-transaction';
import { captureTransaction, refundTransaction } from '../../../../lib/gateway/use-cases/settle-transaction';
import { cieloSecret, eredeSecret, writeAcquirerSecret } from '../../../support/acquirer-connections';
import { AdminClient, csrfOf, newAdminUser } from '../../../support/admin/admin-client';
import { FakeCielo } from '../../../support/fake-cielo';
import { FakeERede } from '../../../support/fake-erede';
import { call, cardBody, expectNoCardData, newMerchant, redirectBody } from '../../../support/gateway';
import { getPage, inputValue, postForm } from '../../../support/pages';
import { testStack } from '../../../support/stack';

/**
 * Card payments through merchants' own acquirer connections (DESIGN §7.7), against the Cielo and e.Rede fakes.
 * The API flows go through serverless offline (the test stack is the sandbox stage: a merchant with a connection uses
 * it there too); the production stage and the faults run in-process through the production wiring over the same
 * tables, with a 400 ms acquirer timeout and every log line kept to be searched for secrets.
 */
const { env, stage, logFile } = testStack();
const directory = env.ACQUIRER_SECRETS_DIR as string;
const readSecret = namedSecretReader(stage.config.acquirerSecrets, (name) => readSecretString(stage.clients.secrets, name));
const logged: string[] = [];
const log = {
  info: (message: string, attributes: Record<string, unknown>) => logged.push(JSON.stringify({ message, ...attributes })),
  warn: (message: string, attributes: Record<string, unknown>) => logged.push(JSON.stringify({ message, ...attributes })),
};
const PANS = ['4111111111111111', '4012001037141112', '5555555555554444', '4000000000000002'];
let cielo: FakeCielo;
let erede: FakeERede;
let connections: MerchantAcquirerConnections;
let production: GatewayDependencies;
let shop: { id: string; token: string };

async function connect(
  merchantId: string,
  acquirer: 'acquirerA' | 'acquirerB',
  secret: unknown,
  name = `${merchantId}-${acquirer}`,
) {
  writeAcquirerSecret(directory, name, secret);
  return configureMerchantAcquirer(
    { merchants: stage.merchants, readSecret, allowHttp: true },
    { merchantId, acquirer, secretId: name, check: true },
  );
}

const cieloBody = (token: string, number: string, total = '10.00', capturar = true, extra: object = {}) =>
  cardBody(token, {
    pedido: { total },
    pagamento: {
      meio_pagamento: 'acquirerA',
      ...cardOf(number),
      ...extra,
    },
    transacao: { capturar },
  });
const cardOf = (number: string) => ({ cartao_numero: number, bandeira: number.startsWith('5') ? 'mastercard' : 'visa' });
const eredeBody = (token: string, number: string, total = '10.00', capturar = true) =>
  cardBody(token, {
    pedido: { total },
    pagamento: { meio_pagamento: 'acquirerB_ws', ...cardOf(number) },
    transacao: { capturar },
  });

beforeAll(async () => {
  cielo = await FakeCielo.start();
  erede = await FakeERede.start();
  shop = await newMerchant();
  await connect(shop.id, 'acquirerA', cieloSecret(cielo));
  await connect(shop.id, 'acquirerB', eredeSecret(erede));
  connections = createMerchantAcquirers(stage.clients, stage.names, { ...stage.config, acquirerAllowHttp: true }, log, 400);
  const base = createGatewayDependencies(stage.clients, stage.names, { ...stage.config, stage: 'production' });
  production = withMerchantAcquirers(base, connections, log);
});

afterAll(async () => {
  await cielo?.stop();
  await erede?.stop();
});

describe('acquirer set refuses what it cannot use, and stores nothing', () => {
  it.each([
    ['a missing field', (c: FakeCielo) => cieloSecret(c, { merchantKey: undefined }), 'missing field merchantKey'],
    ['an unknown provider', (c: FakeCielo) => cieloSecret(c, { provider: 'stone' }), 'provider must be "cielo"'],
    ['not JSON', () => '{"provider": "cielo",', 'not JSON'],
    ['wrong credentials', (c: FakeCielo) => cieloSecret(c, { merchantKey: 'wrong-key-0123456789' }), 'recusou as credenciais'],
  ])('%s', async (_, secretOf, reason) => {
    const merchant = await newMerchant();
    await expect(connect(merchant.id, 'acquirerA', secretOf(cielo))).rejects.toThrow(reason);
    expect(await stage.merchants.getAcquirer(merchant.id, 'acquirerA')).toBeUndefined();
  });

  it('an http:// URL without ACQUIRER_ALLOW_HTTP, a provider on the wrong acquirer', async () => {
    const merchant = await newMerchant();
    writeAcquirerSecret(directory, `${merchant.id}-plain`, cieloSecret(cielo));
    const setup = { merchants: stage.merchants, readSecret, allowHttp: false };
    await expect(
      configureMerchantAcquirer(setup, {
        merchantId: merchant.id,
        acquirer: 'acquirerA',
        secretId: `${merchant.id}-plain`,
        check: false,
      }),
    ).rejects.toThrow('apiUrl is http://');
    await expect(connect(merchant.id, 'acquirerB', cieloSecret(cielo))).rejects.toThrow('provider must be "erede"');
    await expect(connect(merchant.id, 'acquirerC' as 'acquirerA', cieloSecret(cielo))).rejects.toThrow('--acquirer must be');
    expect(await stage.merchants.getAcquirer(merchant.id, 'acquirerA')).toBeUndefined();
    expect(await stage.merchants.getAcquirer(merchant.id, 'acquirerB')).toBeUndefined();
  });
});

describe('acquirerA through Cielo (API, serverless offline)', () => {
  it('captured at once: paga, detalhes from the sale, one sale under the transaction id, RequestId on every call', async () => {
    const created = await call('POST', '/v1/transacao', cieloBody(shop.token, PANS[0] as string, '12.34'));
    expect(created.status).toBe(201);
    const view = created.body.transacao;
    const [sale] = cielo.salesOfOrder(String(view.id));
    expect(cielo.salesOfOrder(String(view.id))).toHaveLength(1);
    expect(sale).toMatchObject({ Amount: 1234, Capture: true, Status: 2, Installments: 1, Interest: 'ByMerchant' });
    expect(view).toMatchObject({
      status: 'paga',
      detalhes: { tid: sale?.Tid, nsu: sale?.ProofOfSale, arp: sale?.AuthorizationCode, lr: '6', pan: '411111******1111' },
    });
    expect(cielo.server.seen.every((request) => /^[0-9a-f-]{36}$/.test(request.headers.requestId ?? ''))).toBe(true);
  });

  it('authorised only, partial capture, partial refund, a refund above what remains (409, no call), the rest', async () => {
    const created = await call(
      'POST',
      '/v1/transacao',
      cieloBody(shop.token, PANS[0] as string, '10.00', false, { tipo_operacao: 'parcelado_loja', parcelas: '3' }),
    );
    expect(created.body.transacao.status).toBe('aguardando_pagamento');
    const id = created.body.transacao.id as number;
    const [sale] = cielo.salesOfOrder(String(id));
    expect(sale).toMatchObject({ Status: 1, Installments: 3, Interest: 'ByMerchant' });
    const captured = await call('POST', `/v1/transacao/${id}/capturar`, { token: shop.token, valor: '6.00' });
    expect(captured.body.transacao).toMatchObject({ status: 'paga', valor_capturado: '6.00' });
    expect(sale?.CapturedAmount).toBe(600);
    const part = await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token, valor: '2.00' });
    expect(part.body.transacao).toMatchObject({ status: 'paga', valor_estornado: '2.00' });
    expect(sale?.VoidedAmount).toBe(200);
    const calls = cielo.server.seen.length;
    const over = await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token, valor: '4.01' });
    expect(over.status).toBe(409);
    expect(cielo.server.seen.length).toBe(calls);
    const rest = await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token });
    expect(rest.body.transacao).toMatchObject({ status: 'cancelada', valor_estornado: '6.00' });
    expect(sale).toMatchObject({ VoidedAmount: 600, Status: 11 });
  });

  it("the original client libraries' request shapes (trailing slash, JSON sent as a form, capturar as text) reach Cielo", async () => {
    for (const capturar of ['true', false]) {
      const body = JSON.stringify(cieloBody(shop.token, PANS[0] as string, '3.00', capturar as boolean));
      const reply = await call('POST', '/v1/transacao/', body, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(reply.status).toBe(201);
      expect(cielo.salesOfOrder(String(reply.body.transacao.id))[0]?.Capture).toBe(String(capturar) === 'true');
    }
  });

  it('a declined card is negada with Cielo return code and message', async () => {
    const created = await call('POST', '/v1/transacao', cieloBody(shop.token, PANS[3] as string));
    expect(created.status).toBe(201);
    expect(created.body.transacao).toMatchObject({
      status: 'negada',
      detalhes: { lr: '05', arp: null, mensagem_retorno: 'Not Authorized' },
    });
    expect(cielo.salesOfOrder(String(created.body.transacao.id))[0]?.Status).toBe(3);
  });
});

describe('acquirerB through e.Rede (API, serverless offline)', () => {
  it('captured, authorised only + partial capture, partial and full refund, declined', async () => {
    const paid = await call('POST', '/v1/transacao', eredeBody(shop.token, PANS[2] as string, '15.00'));
    expect(paid.status).toBe(201);
    const [sale] = erede.salesOfReference(String(paid.body.transacao.id));
    expect(paid.body.transacao).toMatchObject({
      status: 'paga',
      detalhes: { numero_sequencial: sale?.nsu, numero_autorizacao: sale?.authorizationCode },
    });
    const authorised = await call('POST', '/v1/transacao', eredeBody(shop.token, PANS[0] as string, '20.00', false));
    const id = authorised.body.transacao.id as number;
    expect(authorised.body.transacao.status).toBe('aguardando_pagamento');
    const captured = await call('POST', `/v1/transacao/${id}/capturar`, { token: shop.token, valor: '12.00' });
    expect(captured.body.transacao).toMatchObject({ status: 'paga', valor_capturado: '12.00' });
    expect(erede.salesOfReference(String(id))[0]?.capturedAmount).toBe(1200);
    expect(
      (await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token, valor: '5.00' })).body.transacao,
    ).toMatchObject({ status: 'paga', valor_estornado: '5.00' });
    const calls = erede.server.seen.length;
    expect((await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token, valor: '7.01' })).status).toBe(409);
    expect(erede.server.seen.length).toBe(calls);
    expect((await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token })).body.transacao.status).toBe('cancelada');
    expect(erede.salesOfReference(String(id))[0]?.refunds.map((refund) => refund.amount)).toEqual([500, 700]);
    const declined = await call('POST', '/v1/transacao', eredeBody(shop.token, PANS[3] as string));
    expect(declined.body.transacao).toMatchObject({
      status: 'negada',
      detalhes: { numero_autorizacao: null, codigo_retorno: '101', mensagem_retorno: expect.stringContaining('Unauthorized') },
    });
  });
});

describe('the admin UI captures and refunds through the connection (serverless offline)', () => {
  it.each([
    ['acquirerA', 'Cielo'],
    ['acquirerB_ws', 'e.Rede'],
  ])('%s (%s): partial capture, partial refund, the rest', async (method) => {
    const user = await newAdminUser(shop.id);
    const client = new AdminClient();
    await client.logIn(user.email, user.password);
    const body =
      method === 'acquirerA'
        ? cieloBody(shop.token, PANS[0] as string, '50.00', false)
        : eredeBody(shop.token, PANS[0] as string, '50.00', false);
    const id = (await call('POST', '/v1/transacao', body)).body.transacao.id as number;
    const act = async (action: 'capture' | 'refund', valor: string) => {
      const confirm = await client.get(`/v1/admin/transactions/${id}/${action}`);
      return (await client.post(`/v1/admin/transactions/${id}/${action}`, { _csrf: csrfOf(confirm.text), valor })).location;
    };
    expect(await act('capture', '30.00')).toBe(`/v1/admin/transactions/${id}?result=paga`);
    expect(await act('refund', '10.00')).toBe(`/v1/admin/transactions/${id}?result=refunded`);
    expect(await act('refund', '20.00')).toBe(`/v1/admin/transactions/${id}?result=cancelada`);
    if (method === 'acquirerA') {
      expect(cielo.salesOfOrder(String(id))[0]).toMatchObject({ CapturedAmount: 3000, VoidedAmount: 3000, Status: 11 });
    } else {
      const [sale] = erede.salesOfReference(String(id));
      expect([sale?.capturedAmount, sale?.refunds.map((refund) => refund.amount)]).toEqual([3000, [1000, 2000]]);
    }
  });
});

describe('the hosted pages that take a card (serverless offline)', () => {
  it.each([
    ['acquirerA', 'buy page on Cielo'],
    ['acquirerB_web', 'card page on e.Rede'],
  ])('%s (%s): four tabs at once, one sale at the acquirer, one 303', async (method) => {
    const pageShop = await newMerchant('buy_page_acquirerA');
    await connect(pageShop.id, 'acquirerA', cieloSecret(cielo));
    await connect(pageShop.id, 'acquirerB', eredeSecret(erede));
    const created = await call('POST', '/v1/transacao', redirectBody(pageShop.token, method));
    const { id, url_acesso } = created.body.transacao as { id: number; url_acesso: string };
    const tabs = await Promise.all([1, 2, 3, 4].map(() => getPage(url_acesso)));
    const card = {
      cartao_numero: '4111 1111 1111 1111',
      cartao_validade: '08/2031',
      cartao_cvv: '321',
      ...(method === 'acquirerA' ? { bandeira: 'visa' } : {}),
    };
    const replies = await Promise.all(
      tabs.map((tab) => postForm(url_acesso, { etapa: 'pagamento', csrf: inputValue(tab.html, 'csrf') as string, ...card })),
    );
    expect(replies.filter((reply) => reply.status === 303)).toHaveLength(1);
    const sales = method === 'acquirerA' ? cielo.salesOfOrder(String(id)) : erede.salesOfReference(String(id));
    expect(sales).toHaveLength(1);
    expect((await call('GET', `/v1/transacao/${id}?token=${pageShop.token}`)).body.transacao.status).toBe('paga');
  });
});

describe('production stage (in-process, production wiring)', () => {
  it('a merchant without a connection still gets 503 008; with one, the card is charged at its acquirer', async () => {
    const bare = await newMerchant();
    await expect(
      createTransaction(production, { body: cieloBody(bare.token, PANS[0] as string), baseUrl: 'http://x' }),
    ).rejects.toBeInstanceOf(AcquirerUnavailableError);
    const created = await createTransaction(production, { body: cieloBody(shop.token, PANS[0] as string), baseUrl: 'http://x' });
    expect(created.statusCode).toBe(201);
    expect(created.body.transacao.status).toBe('paga');
  });
});

describe('faults: never twice, never unknown', () => {
  const create = (body: unknown, idempotencyKey?: string) =>
    createTransaction(production, { body, baseUrl: 'http://x', ...(idempotencyKey ? { idempotencyKey } : {}) });

  it('a 5xx on authorize: asked by order reference, nothing there: 503 008, pending, not paid; the next create goes through', async () => {
    cielo.server.failNext(1, 500);
    const failed = await create(cieloBody(shop.token, PANS[0] as string));
    expect(failed.statusCode).toBe(503);
    expect(failed.body.transacao).toMatchObject({ status: 'aguardando_pagamento', erro: { codigo: '008' } });
    const id = failed.body.transacao.id as number;
    expect(cielo.salesOfOrder(String(id))).toHaveLength(0);
    expect(cielo.server.seen.at(-1)?.path).toBe(`/1/sales?merchantOrderId=${id}`);
    const recovered = await create(cieloBody(shop.token, PANS[0] as string));
    expect(recovered.statusCode).toBe(201);
    // Still nothing at Cielo after the grace period: the consult records it negada (lr 99), never paid.
    const later = { ...production, now: () => new Date(Date.now() + 3 * 60_000) };
    expect((await getTransaction(later, { token: shop.token, transactionId: id })).body.transacao).toMatchObject({
      status: 'negada',
      detalhes: { lr: '99' },
    });
  });

  it('a hang past the timeout is not waited for: 503 008 within the timeout and a query', async () => {
    cielo.server.hangNext(1);
    const started = Date.now();
    const failed = await create(cieloBody(shop.token, PANS[0] as string));
    expect(failed.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('the answer lost after the sale was made: found by order reference, paga, one sale', async () => {
    cielo.server.loseNextAnswers(1);
    const created = await create(cieloBody(shop.token, PANS[0] as string));
    expect(created.statusCode).toBe(201);
    expect(created.body.transacao.status).toBe('paga');
    expect(cielo.salesOfOrder(String(created.body.transacao.id))).toHaveLength(1);
  });

  it('answer and query both lost: 503 008 pending; a retry with the same key reconciles (paga, still one sale)', async () => {
    erede.server.loseNextAnswers(2);
    const key = `retry-${Date.now()}`;
    const body = eredeBody(shop.token, PANS[2] as string, '33.00');
    const failed = await create(body, key);
    expect(failed.statusCode).toBe(503);
    const id = failed.body.transacao.id as number;
    expect(erede.salesOfReference(String(id))).toHaveLength(1);
    expect(
      (
        await getTransaction(
          { ...production, acquirer: createGatewayDependencies(stage.clients, stage.names, stage.config).acquirer },
          { token: shop.token, transactionId: id },
        )
      ).body.transacao.status,
    ).toBe('aguardando_pagamento');
    const retried = await create(body, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.body.transacao).toMatchObject({ id, status: 'paga' });
    expect(erede.salesOfReference(String(id))).toHaveLength(1);
    expect((await getTransaction(production, { token: shop.token, transactionId: id })).body.transacao.status).toBe('paga');
  });

  it('the next consult reconciles a pending transaction with the acquirer', async () => {
    cielo.server.loseNextAnswers(2);
    const failed = await create(cieloBody(shop.token, PANS[0] as string, '7.00', false));
    expect(failed.statusCode).toBe(503);
    const id = failed.body.transacao.id as number;
    const consulted = await getTransaction(production, { token: shop.token, transactionId: id });
    expect(consulted.body.transacao.status).toBe('aguardando_pagamento');
    const captured = await captureTransaction(production, { body: { token: shop.token }, transactionId: id });
    expect(captured.body.transacao.status).toBe('paga');
    expect(cielo.salesOfOrder(String(id))).toHaveLength(1);
  });

  it('a capture or refund whose answer is lost is checked against the sale before answering', async () => {
    const created = await create(cieloBody(shop.token, PANS[0] as string, '9.00', false));
    const id = created.body.transacao.id as number;
    cielo.server.loseNextAnswers(1);
    expect((await captureTransaction(production, { body: { token: shop.token }, transactionId: id })).body.transacao.status).toBe(
      'paga',
    );
    cielo.server.loseNextAnswers(1);
    const refunded = await refundTransaction(production, { body: { token: shop.token, valor: '4.00' }, transactionId: id });
    expect(refunded.body.transacao).toMatchObject({ status: 'paga', valor_estornado: '4.00' });
    expect(cielo.salesOfOrder(String(id))[0]).toMatchObject({ CapturedAmount: 900, VoidedAmount: 400 });
  });

  it('an expired OAuth token is refreshed once, and the payment goes through', async () => {
    await create(eredeBody(shop.token, PANS[2] as string));
    const before = erede.tokenRequests;
    erede.expireTokens();
    const created = await create(eredeBody(shop.token, PANS[2] as string));
    expect(created.body.transacao.status).toBe('paga');
    expect(erede.tokenRequests).toBe(before + 1);
  });

  it('bad credentials: 503 008 naming the connection, never the secret; nothing charged', async () => {
    const merchant = await newMerchant();
    const name = `${merchant.id}-stale`;
    writeAcquirerSecret(directory, name, cieloSecret(cielo, { merchantKey: 'revoked-key-000000000000' }));
    await configureMerchantAcquirer(
      { merchants: stage.merchants, readSecret, allowHttp: true },
      { merchantId: merchant.id, acquirer: 'acquirerA', secretId: name, check: false },
    );
    const error = await create(cieloBody(merchant.token, PANS[0] as string)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AcquirerUnavailableError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain('revoked-key');
  });

  it('no card number, CVV, merchant key, client secret or token in any log line of the run', async () => {
    const functionsLog = readFileSync(logFile, 'utf8');
    const everything = `${logged.join('\n')}\n${functionsLog}`;
    expect(logged.some((line) => line.includes('"acquirer":"cielo"'))).toBe(true);
    for (const secret of [cielo.credentials.merchantKey, erede.credentials.clientSecret, ...erede.issuedTokens(), ...PANS]) {
      expect(everything.includes(secret), `a log line holds ${secret.slice(0, 4)}…`).toBe(false);
    }
    expect(/"(cartao_cvv|SecurityCode|securityCode)"\s*:/.test(everything)).toBe(false);
    await expectNoCardData(PANS, logFile);
  });
});
