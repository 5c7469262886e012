import { compactVerify, createRemoteJWKSet, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '../../../../lib/aws';
import { createGatewayDependencies, createPixExpiry } from '../../../../lib/gateway/gateway-wiring';
import { catalogueEntryFor } from '../../../../lib/gateway/http/error-catalogue';
import { parseBrCode } from '../../../../lib/gateway/pix/br-code';
import { isEndToEndId } from '../../../../lib/gateway/pix/identifiers';
import { pixExpiryKey } from '../../../../lib/gateway/table/gateway-table';
import { expirePixCharges } from '../../../../lib/gateway/use-cases/pix-expiry';
import { findPixCharge } from '../../../../lib/gateway/use-cases/pix-page';
import { simulatePixPayment } from '../../../../lib/gateway/use-cases/simulate-pix-payment';
import { call, newMerchant } from '../../../support/gateway';
import { PIX_DETALHES_KEYS, pixBody } from '../../../support/pix';
import { scanAll } from '../../../support/scan-all';
import { testStack } from '../../../support/stack';

const { baseUrl, stage } = testStack();
let shop: { id: string; token: string };

beforeAll(async () => {
  shop = await newMerchant();
});

async function createPix(pagamento: Record<string, unknown> = {}, token = shop.token) {
  const created = await call('POST', '/v1/transacao', pixBody(token, pagamento));
  expect(created.status).toBe(201);
  return created.body.transacao;
}

const simulate = (id: number, token = shop.token) => call('POST', `/v1/transacao/${id}/simular_pagamento`, { token });

/** The webhook events (outbox) written for one transaction, oldest first. */
async function eventsOf(transactionId: number): Promise<{ tipo: string; transacao: Record<string, any> }[]> {
  const items = await scanAll({
    TableName: stage.names.gatewayTable,
    FilterExpression: 'kind = :kind AND transactionId = :id',
    ExpressionAttributeValues: { ':kind': 'webhookEvent', ':id': transactionId },
  });
  return items.map((item) => JSON.parse(String(item.body))).sort((a, b) => a.criado_em.localeCompare(b.criado_em));
}

const markerOf = (transacao: Record<string, any>) =>
  getItem(stage.clients.documents, stage.names.gatewayTable, pixExpiryKey(transacao.detalhes.expira_em, transacao.id));

async function fetchLocation(brCode: string) {
  const location = parseBrCode(brCode).merchantAccount['25'] as string;
  return fetch(`http://${location}`);
}

describe('POST /v1/transacao/{id}/simular_pagamento (sandbox, DESIGN §7.5)', () => {
  it('pays a Pix charge: paga, e2eid (E + ISPB + yyyyMMddHHmm + 11) and data_pagamento, transacao.paga, marker gone', async () => {
    const created = await createPix();
    expect(await markerOf(created)).toBeDefined();
    const paid = await simulate(created.id);
    expect(paid.status).toBe(200);
    const { detalhes } = paid.body.transacao;
    expect(paid.body.transacao.status).toBe('paga');
    expect(Object.keys(detalhes)).toEqual(PIX_DETALHES_KEYS);
    expect(detalhes.e2eid).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);
    expect(detalhes.e2eid).toHaveLength(32);
    expect(isEndToEndId(detalhes.e2eid)).toBe(true);
    expect(Math.abs(Date.parse(detalhes.data_pagamento) - Date.now())).toBeLessThan(60_000);
    expect(detalhes.e2eid.slice(9, 21)).toBe(detalhes.data_pagamento.replace(/\D/g, '').slice(0, 12));
    expect(detalhes.txid).toBe(created.detalhes.txid);
    expect((await call('GET', `/v1/transacao/${created.id}?token=${shop.token}`)).body).toEqual(paid.body);
    expect(await markerOf(created)).toBeUndefined();
    const events = await eventsOf(created.id);
    expect(events.map((event) => event.tipo)).toEqual(['transacao.aguardando_pagamento', 'transacao.paga']);
    expect(events[1]?.transacao).toEqual(paid.body.transacao);
  });

  it('two simultaneous simulations: one 200 paga, the other 409 with the transaction as it is', async () => {
    const created = await createPix();
    const replies = await Promise.all([simulate(created.id), simulate(created.id), simulate(created.id)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    for (const reply of replies) expect(reply.body.transacao.status).toBe('paga');
    const conflict = replies.find((reply) => reply.status === 409);
    expect(conflict?.body.transacao.erro.codigo).toBe('007');
    expect((await eventsOf(created.id)).filter((event) => event.tipo === 'transacao.paga')).toHaveLength(1);
  });

  it('refuses what is not a Pix awaiting payment (409), an unknown or foreign id (404), no token (401)', async () => {
    const card = await call('POST', '/v1/transacao', {
      token: shop.token,
      transacao: {
        pedido: { numero: '1', total: '10.00' },
        pagamento: {
          meio_pagamento: 'acquirerB_ws',
          bandeira: 'visa',
          cartao_numero: '4242424242424242',
          cartao_cvv: '123',
          cartao_validade: '122040',
        },
      },
    });
    const notPix = await simulate(card.body.transacao.id);
    expect(notPix.status).toBe(409);
    expect(notPix.body.transacao.erro.mensagem).toMatch(/Pix/);
    expect((await simulate(999_999_999)).status).toBe(404);
    const other = await newMerchant();
    const created = await createPix();
    expect((await simulate(created.id, other.token)).status).toBe(404);
    expect((await call('POST', `/v1/transacao/${created.id}/simular_pagamento`, {})).status).toBe(400);
    expect((await call('POST', `/v1/transacao/${created.id}/simular_pagamento`, { token: 'nope' })).status).toBe(401);
  });

  it('answers 404 in the erro envelope on the production stage (no simulation there)', async () => {
    const created = await createPix();
    const production = createGatewayDependencies(stage.clients, stage.names, { ...stage.config, stage: 'production' });
    const refused = await simulatePixPayment(production, { body: { token: shop.token }, transactionId: created.id }).catch(
      (error: unknown) => error,
    );
    expect(catalogueEntryFor(refused)).toMatchObject({ status: 404, codigo: '006' });
    expect((await call('GET', `/v1/transacao/${created.id}?token=${shop.token}`)).body.transacao.status).toBe(
      'aguardando_pagamento',
    );
  });
});

describe('expiry without any request (DESIGN §7.5: negada within 60 s of expira_em)', () => {
  it('the expiry pass denies a charge once expira_em has passed (transacao.negada), and only then', async () => {
    const created = await createPix({ expiracao: 60 });
    const untouched = await createPix({ expiracao: 3600 });
    const pass = (offsetMs: number) =>
      expirePixCharges({ ...createPixExpiry(stage.clients, stage.names), now: () => new Date(Date.now() + offsetMs) });
    await pass(0);
    expect((await call('GET', `/v1/transacao/${created.id}?token=${shop.token}`)).body.transacao.status).toBe(
      'aguardando_pagamento',
    );
    // The clock a minute on: the pass alone (no request) moves it, with its event, and removes its marker.
    const run = await pass(61_000);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    const events = await eventsOf(created.id);
    expect(events.map((event) => event.tipo)).toEqual(['transacao.aguardando_pagamento', 'transacao.negada']);
    expect(events[1]?.transacao).toMatchObject({ id: created.id, status: 'negada' });
    expect(events[1]?.transacao.detalhes).toMatchObject({ e2eid: null, data_pagamento: null });
    expect(await markerOf(created)).toBeUndefined();
    expect((await call('GET', `/v1/transacao/${untouched.id}?token=${shop.token}`)).body.transacao.status).toBe(
      'aguardando_pagamento',
    );
    // A late payment is refused.
    const late = await simulate(created.id);
    expect(late.status).toBe(409);
    expect(late.body.transacao.status).toBe('negada');
  });

  it('the hosted page and its status poll expire an overdue charge on read, before the pass comes by', async () => {
    const created = await createPix({ expiracao: 60 });
    const uuid = (created.url_acesso as string).split('/').pop() as string;
    const deps = createGatewayDependencies(stage.clients, stage.names, stage.config);
    expect((await findPixCharge(deps, uuid)).transaction.status).toBe('aguardando_pagamento');
    // A minute on, with no expiry pass: the page's read itself moves the charge, with its one event.
    const later = { ...deps, now: () => new Date(Date.now() + 61_000) };
    const [first, second] = await Promise.all([findPixCharge(later, uuid), findPixCharge(later, uuid)]);
    expect([first.transaction.status, second.transaction.status]).toEqual(['negada', 'negada']);
    expect((await eventsOf(created.id)).map((event) => event.tipo)).toEqual([
      'transacao.aguardando_pagamento',
      'transacao.negada',
    ]);
    expect((await call('GET', `/v1/transacao/${created.id}?token=${shop.token}`)).body.transacao.status).toBe('negada');
  });
});

describe('GET /v1/pix/loc/{locationId}: the charge as a signed cob (application/jose)', () => {
  it('verifies with the JWKS named by its jku, and follows the charge: ATIVA, CONCLUIDA', async () => {
    const created = await createPix();
    const response = await fetchLocation(created.detalhes.br_code);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/jose/);
    const jws = await response.text();
    expect(jws.split('.')).toHaveLength(3);
    const header = decodeProtectedHeader(jws);
    expect(header).toMatchObject({ typ: 'JWS', jku: `${baseUrl}/v1/pix/jwks.json` });
    const jwks = createRemoteJWKSet(new URL(header.jku as string));
    const { payload } = await compactVerify(jws, jwks);
    const cob = JSON.parse(new TextDecoder().decode(payload));
    expect(cob).toMatchObject({
      txid: created.detalhes.txid,
      revisao: 0,
      status: 'ATIVA',
      valor: { original: '123.45' },
      calendario: { expiracao: 3600 },
    });
    expect(cob.chave).toEqual(expect.any(String));
    expect(Date.parse(cob.calendario.criacao)).toBeLessThanOrEqual(Date.now());

    await simulate(created.id);
    const paid = await compactVerify(await (await fetchLocation(created.detalhes.br_code)).text(), jwks);
    expect(JSON.parse(new TextDecoder().decode(paid.payload))).toMatchObject({ status: 'CONCLUIDA', revisao: 1 });
  });

  it('an expired charge is REMOVIDA_PELO_PSP; an unknown location is 404 in the erro envelope', async () => {
    const created = await createPix({ expiracao: 60 });
    await expirePixCharges({ ...createPixExpiry(stage.clients, stage.names), now: () => new Date(Date.now() + 61_000) });
    const jws = await (await fetchLocation(created.detalhes.br_code)).text();
    const cob = JSON.parse(
      new TextDecoder().decode((await compactVerify(jws, createRemoteJWKSet(new URL(`${baseUrl}/v1/pix/jwks.json`)))).payload),
    );
    expect(cob).toMatchObject({ status: 'REMOVIDA_PELO_PSP', revisao: 1 });
    const unknown = await fetch(`${baseUrl}/v1/pix/loc/AAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).transacao.erro.codigo).toBe('006');
  });
});

describe('GET /v1/transacao?meio_pagamento=pix', () => {
  it('lists the Pix transactions only', async () => {
    const own = await newMerchant();
    const pix = await createPix({}, own.token);
    await call('POST', '/v1/transacao', {
      token: own.token,
      transacao: {
        pedido: { numero: '2', total: '5.00' },
        pagamento: { meio_pagamento: 'boleto_bankA', data_vencimento: '31122030' },
        comprador: { nome: 'A B', documento: '123.456.789-09' },
      },
    });
    const listed = (await call('GET', `/v1/transacao?token=${own.token}&meio_pagamento=pix`)).body as unknown as {
      transacoes: Record<string, any>[];
    };
    expect(listed.transacoes).toEqual([pix]);
    const all = (await call('GET', `/v1/transacao?token=${own.token}`)).body as unknown as { transacoes: unknown[] };
    expect(all.transacoes).toHaveLength(2);
  });
});
