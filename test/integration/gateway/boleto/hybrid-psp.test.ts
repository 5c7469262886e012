import { randomBytes } from 'node:crypto';
import { parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoletoFileDependencies } from '../../../../lib/gateway/boleto-wiring';
import { catalogueEntryFor } from '../../../../lib/gateway/http/error-catalogue';
import { PixPspError } from '../../../../lib/gateway/pix/psp';
import { createTransaction } from '../../../../lib/gateway/use-cases/create-transaction';
import { AdminClient, csrfOf, newAdminUser } from '../../../support/admin/admin-client';
import * as bank from '../../../support/boleto-bank';
import { buildRetorno } from '../../../support/cnab240/retorno-builder';
import { call } from '../../../support/gateway';
import { connectMerchantPsp, type MerchantPspHarness } from '../../../support/merchant-psp';
import { testStack } from '../../../support/stack';
import { pumpWebhooks, registerWebhook, startWebhookReceiver, type WebhookReceiver } from '../../../support/webhook-receiver';

/**
 * Boleto híbrido through the merchant's own Pix PSP (DESIGN §7.8, docs/boletos.md): a merchant with a bank connection
 * (with a pixKey too: the PSP comes first) and a PSP. Creates run in-process through the production wiring (the test
 * stack is the sandbox stage), against the fake PSP; the PSP's callbacks go through serverless offline to the callback
 * function; retornos are uploaded in the admin UI (serverless offline, the admin function's own PSP wiring). Paid
 * either way, the boleto is `paga` once, with one `transacao.paga`.
 */
const { baseUrl, stage } = testStack();
const files = createBoletoFileDependencies(stage.clients, stage.names);
const CHAVE = '3d94a6a4-7c1e-4a55-9d77-0c1b5f1b2a10';
let merchant: { id: string; token: string };
let harness: MerchantPspHarness;
let admin: AdminClient;
let hooks: WebhookReceiver;

async function createHybrid(pagamento: Record<string, unknown> = {}) {
  const created = await createTransaction(harness.deps, { body: bank.boletoWith(merchant.token, pagamento), baseUrl });
  expect(created.statusCode).toBe(201);
  const transacao = created.body.transacao as Record<string, any>;
  const stored = await harness.deps.store.getOfMerchant(merchant.id, transacao.id);
  return { transacao, txid: stored?.boleto?.pix?.txid as string };
}

const stored = (id: number) => harness.deps.store.getOfMerchant(merchant.id, id);
const consult = async (id: number) => (await call('GET', `/v1/transacao/${id}?token=${merchant.token}`)).body.transacao;
const eventsOf = (id: number) => hooks.received.filter((hook) => hook.event.transacao.id === id).map((hook) => hook.event.tipo);

/** A retorno file uploaded in the admin UI, as a browser sends it (multipart/form-data). */
async function uploadRetorno(content: string) {
  const form = await admin.get('/v1/admin/boletos');
  const reply = await admin.upload(
    '/v1/admin/boletos',
    { _csrf: csrfOf(form.text), metodo: 'boleto_bankA' },
    { field: 'retorno', name: 'CB.RET', content },
  );
  expect(reply.status, reply.text).toBe(200);
  return reply;
}

beforeAll(async () => {
  merchant = await bank.connectedMerchant({ ...bank.ITAU_SECRET, pixKey: 'pix@loja.test', cidade: 'Rio de Janeiro' });
  harness = await connectMerchantPsp(merchant.id, {
    clientId: 'gateway-hybrid',
    clientSecret: `cs-${randomBytes(18).toString('base64url')}`,
    chave: CHAVE,
  });
  const user = await newAdminUser(merchant.id);
  admin = new AdminClient();
  expect((await admin.logIn(user.email, user.password)).status).toBe(303);
  hooks = await startWebhookReceiver();
  await registerWebhook(merchant.token, hooks.url);
});

afterAll(async () => {
  await hooks?.close();
  await harness?.close();
});

describe('boleto híbrido through the merchant PSP', () => {
  it('creates a cobv at the PSP (before the pixKey) with the boleto’s terms; br_code points at the PSP location', async () => {
    const { transacao, txid } = await createHybrid(bank.HYBRID_CHARGES);
    expect(txid).toMatch(new RegExp(`^gw${transacao.id}x[a-zA-Z0-9]+$`));
    const cobv = harness.psp.ledger.cobvs.get(txid);
    expect(cobv).toMatchObject({ status: 'ATIVA', ...bank.HYBRID_COBV_TERMS, chave: CHAVE });
    const brCode: string = transacao.detalhes.br_code;
    expect((parsePix(brCode) as unknown as { url: string }).url).toBe(cobv?.loc.location);
    expect(brCode).toBe(cobv?.pixCopiaECola);
    expect((await consult(transacao.id)).detalhes).toMatchObject({ br_code: brCode, registro: 'pendente' });
    expect((await stored(transacao.id))?.boleto?.pix).toMatchObject({ key: CHAVE, psp: true, locationId: cobv?.loc.location });
    // The slip prints the Pix QR code beside the barcode (its reading back is test/e2e/boleto-hybrid.browser.test.ts).
    expect(await (await fetch(transacao.url_acesso)).text()).toContain('data-testid="pix-qr"');
  });

  it('a PSP that fails at create: 503 008 as for a Pix charge, no boleto stored, no cobv', async () => {
    const before = harness.psp.ledger.cobvs.size;
    const listed = async () =>
      ((await call('GET', `/v1/transacao?token=${merchant.token}&limite=100`)).body as unknown as { transacoes: unknown[] })
        .transacoes.length;
    const count = await listed();
    harness.psp.failNext(3, 503);
    const error = await createTransaction(harness.deps, { body: bank.boletoWith(merchant.token), baseUrl }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PixPspError);
    expect(catalogueEntryFor(error as PixPspError)).toMatchObject({ status: 503, codigo: '008' });
    expect(await listed()).toBe(count);
    expect(harness.psp.ledger.cobvs.size).toBe(before);
  });

  it('an answer lost after the PSP created the cobv: the retry reads it back, one cobv, one boleto', async () => {
    const puts = () => harness.psp.requestsTo('PUT /cobv/{txid}').map((request) => request.status);
    const before = puts().length;
    harness.psp.loseNextAnswers(1);
    const { transacao, txid } = await createHybrid();
    expect(puts().slice(before)).toEqual(['answer-lost', 400]);
    expect(harness.psp.requestsTo('GET /cobv/{txid}').at(-1)?.status).toBe(200);
    expect(transacao.detalhes.br_code).toBe(harness.psp.ledger.cobvs.get(txid)?.pixCopiaECola);
  });

  it('Pix first: paga once however many callbacks; the bank is asked for a baixa; a later liquidação is a duplicate', async () => {
    const { transacao, txid } = await createHybrid();
    const { pix, callback } = await harness.psp.pay(txid);
    const answers = await Promise.all([harness.forward(callback), harness.forward(callback), harness.forward(callback)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.flatMap((answer) => answer.body.resultados).sort()).toEqual(['already_paid', 'already_paid', 'paid']);
    const paid = await consult(transacao.id);
    expect(paid).toMatchObject({ status: 'paga', detalhes: { valor_pago: '150.00', data_pagamento: pix.horario.slice(0, 10) } });

    // Paid by Pix: the next remessa asks the bank for a baixa (instruction 02), so it stops taking the boleto.
    const queued = await files.remessa.remessas.queued(merchant.id, 'boleto_bankA');
    expect(queued).toContainEqual(expect.objectContaining({ transactionId: transacao.id, instruction: '02' }));
    const report = await uploadRetorno(bank.liquidacaoOf(transacao, 90));
    expect(report.text).toMatch(/<strong>1<\/strong> applied/);
    const after = await stored(transacao.id);
    expect(after?.boleto?.payment).toMatchObject({ via: 'pix', cents: 15_000 });
    expect(after?.boleto?.duplicatePayments).toEqual([expect.objectContaining({ via: 'boleto', cents: 15_000 })]);
    expect(after?.history.filter((change) => change.status === 'paga')).toHaveLength(1);
    expect((await harness.forward(callback)).body.resultados).toEqual(['already_paid']);
    await pumpWebhooks(() => eventsOf(transacao.id).includes('transacao.paga'));
    await pumpWebhooks(() => true);
    expect(eventsOf(transacao.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.paga']);
  });

  it('liquidação first: the cobv is removed at the PSP (no payer can pay it); a baixa removes it too', async () => {
    const paidByBank = await createHybrid();
    const writtenOff = await createHybrid();
    const baixa = { ...bank.liquidacaoEntry(writtenOff.transacao), code: '09', paidCents: 0 };
    const retorno = buildRetorno({
      bank: '341',
      convenio: bank.ITAU_SECRET.convenio,
      sequence: 91,
      entries: [bank.liquidacaoEntry(paidByBank.transacao), baixa],
    });
    await uploadRetorno(retorno);
    expect(await consult(paidByBank.transacao.id)).toMatchObject({ status: 'paga', detalhes: { valor_pago: '150.00' } });
    expect((await consult(writtenOff.transacao.id)).status).toBe('cancelada');
    for (const { txid } of [paidByBank, writtenOff]) {
      expect(harness.psp.ledger.cobvs.get(txid)).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 });
      expect(() => harness.psp.ledger.pay(txid)).toThrow(/No active charge/);
    }
    expect(harness.psp.requestsTo('PATCH /cobv/{txid}').map((request) => request.status)).toEqual([200, 200]);
  });

  it('liquidação first while a Pix is on its way: the Pix is recorded as a duplicate, never a second paga', async () => {
    const { transacao, txid } = await createHybrid();
    // The payer's Pix settles at the PSP; its callback is delayed until after the bank's retorno is imported.
    const { pix, callback } = await harness.psp.pay(txid, '150.00');
    await uploadRetorno(bank.liquidacaoOf(transacao, 92));
    expect((await consult(transacao.id)).status).toBe('paga');
    // The PSP refuses to remove a CONCLUIDA cobv: logged, the import stands.
    expect(harness.psp.requestsTo('PATCH /cobv/{txid}').at(-1)?.status).toBe(400);

    const answers = await Promise.all([harness.forward(callback), harness.forward(callback)]);
    expect(answers.flatMap((answer) => answer.body.resultados).sort()).toEqual(['already_paid', 'duplicate']);
    const after = await stored(transacao.id);
    expect(after?.boleto?.payment).toMatchObject({ via: 'boleto' });
    expect(after?.boleto?.duplicatePayments).toEqual([expect.objectContaining({ via: 'pix', cents: 15_000 })]);
    expect(after?.boleto?.occurrences).toContain(`pix:${pix.endToEndId}`);
    expect(after?.history.filter((change) => change.status === 'paga')).toHaveLength(1);
    await pumpWebhooks(() => eventsOf(transacao.id).includes('transacao.paga'));
    await pumpWebhooks(() => true);
    expect(eventsOf(transacao.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.paga']);
  });

  it('a merchant without a PSP keeps the pixKey híbrido (a location on this service)', async () => {
    const plain = await bank.connectedMerchant({ ...bank.ITAU_SECRET, pixKey: 'pix@loja.test' });
    const created = await createTransaction(harness.deps, { body: bank.boletoWith(plain.token), baseUrl });
    const view = created.body.transacao as Record<string, any>;
    const url = (parsePix(view.detalhes.br_code) as unknown as { url: string }).url;
    expect(url).toContain('/v1/pix/loc/');
    expect((await harness.deps.store.getOfMerchant(plain.id, view.id))?.boleto?.pix?.psp).toBeUndefined();
  });
});
