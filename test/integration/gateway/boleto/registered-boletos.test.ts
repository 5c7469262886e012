import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePix } from 'pix-utils';
import { computeCRC } from 'pix-utils/dist/main/crc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CnabFileError } from '../../../../lib/gateway/boleto/cnab240';
import { barcodeFromLine } from '../../../../lib/gateway/boleto/febraban-code';
import { generateRemessa } from '../../../../lib/gateway/boleto/registration/generate-remessa';
import { importRetorno } from '../../../../lib/gateway/boleto/registration/import-retorno';
import { createBoletoFileDependencies } from '../../../../lib/gateway/boleto-wiring';
import {
  boletoBanks,
  boletoWith,
  connectedMerchant,
  HYBRID_CHARGES,
  HYBRID_COBV_TERMS,
  ITAU_SECRET,
  liquidacaoEntry,
  liquidacaoOf,
} from '../../../support/boleto-bank';
import { readCnab240 } from '../../../support/cnab240/febraban-reader';
import { buildRetorno, type RetornoEntry } from '../../../support/cnab240/retorno-builder';
import { call, newMerchant } from '../../../support/gateway';
import { operatorCli } from '../../../support/operator-cli';
import { testStack } from '../../../support/stack';
import { pumpWebhooks, registerWebhook, startWebhookReceiver, type WebhookReceiver } from '../../../support/webhook-receiver';

/**
 * Registered boletos (DESIGN §7.8) on the test stack: the API through serverless offline, the file exchange in-process
 * against the same table and blob bucket (as the CLI runs it), and the CLI itself.
 */
const { stage } = testStack();
const secrets = stage.config.acquirerSecrets;
const directory = secrets.kind === 'directory' ? secrets.directory : '';
const banks = boletoBanks();
const files = createBoletoFileDependencies(stage.clients, stage.names);
const SECRET = ITAU_SECRET;
const cli = operatorCli;
const setBank = (merchantId: string, secretId: string) =>
  cli('boleto-bank', 'set', '--merchant', merchantId, '--method', 'boleto_bankA', '--secret-id', secretId);

function writeSecret(name: string, content: object): void {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `${name}.json`), JSON.stringify(content));
}

const boleto = boletoWith;

const consult = async (token: string, id: number) => (await call('GET', `/v1/transacao/${id}?token=${token}`)).body.transacao;
const countOf = async (token: string) =>
  ((await call('GET', `/v1/transacao?token=${token}&limite=100`)).body as unknown as { transacoes: unknown[] }).transacoes.length;

describe('the operator CLI: boleto-bank set | remove, boleto remessa | retorno', () => {
  it('stores a usable connection, refuses a bank code that is not 3 digits (storing nothing), and removes it', async () => {
    const merchant = await newMerchant();
    writeSecret(`bank-ok-${merchant.id}`, SECRET);
    writeSecret(`bank-bad-${merchant.id}`, { ...SECRET, bank: '34' });
    writeSecret(`bank-letters-${merchant.id}`, { ...SECRET, bank: 'abc' });

    for (const bad of ['bank-bad', 'bank-letters']) {
      const refused = await setBank(merchant.id, `${bad}-${merchant.id}`);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('"bank" must be the 3-digit bank code');
      expect(await banks.get(merchant.id, 'boleto_bankA')).toBeUndefined();
    }
    const set = await setBank(merchant.id, `bank-ok-${merchant.id}`);
    expect(set.code, set.stderr).toBe(0);
    expect(await banks.get(merchant.id, 'boleto_bankA')).toMatchObject({
      code: '341',
      convenio: '1234567',
      documento: '12345678000195',
    });
    expect(await banks.get(merchant.id, 'boleto_bankB')).toBeUndefined();

    const removed = await cli('boleto-bank', 'remove', '--merchant', merchant.id, '--method', 'boleto_bankA');
    expect(removed.code, removed.stderr).toBe(0);
    expect(await banks.get(merchant.id, 'boleto_bankA')).toBeUndefined();
  }, 60_000);

  it('boleto remessa writes the file; boleto retorno FILE applies one and refuses a malformed one (exit 2, the line)', async () => {
    const merchant = await connectedMerchant();
    const { transacao } = (await call('POST', '/v1/transacao', boleto(merchant.token))).body;
    const dir = mkdtempSync(join(tmpdir(), 'boleto-cli-'));
    const args = ['--merchant', merchant.id, '--method', 'boleto_bankA'];
    const remessa = await cli('boleto', 'remessa', ...args, '--out', join(dir, 'CB.REM'));
    expect(remessa.code, remessa.stderr).toBe(0);
    expect(JSON.parse(remessa.stdout)).toMatchObject({ titles: 1, total: '150.00' });
    expect(readCnab240(readFileSync(join(dir, 'CB.REM'), 'latin1')).records.find((r) => r.kind === 'P')).toMatchObject({
      numeroDocumento: String(transacao.id),
    });

    const retorno = liquidacaoOf(transacao, 80);
    writeFileSync(join(dir, 'bad.RET'), retorno.replace(/\r\n$/, '').slice(0, -1));
    const refused = await cli('boleto', 'retorno', ...args, join(dir, 'bad.RET'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/linha 6: tem 239 caracteres/);
    expect((await consult(merchant.token, transacao.id)).status).toBe('aguardando_pagamento');

    writeFileSync(join(dir, 'ok.RET'), retorno);
    const applied = await cli('boleto', 'retorno', ...args, join(dir, 'ok.RET'));
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout)[0]).toMatchObject({ applied: 1, alreadyImported: false });
    expect((await consult(merchant.token, transacao.id)).status).toBe('paga');
  }, 60_000);
});

describe('registered boletos', () => {
  let merchant: { id: string; token: string };
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    merchant = await connectedMerchant();
    receiver = await startWebhookReceiver();
    await registerWebhook(merchant.token, receiver.url);
  });
  afterAll(() => receiver.close());

  const eventsOf = (id: number) =>
    receiver.received.filter((hook) => hook.event.transacao.id === id).map((hook) => hook.event.tipo);

  it('is created pendente, with the nosso número, barcode and line of the bank’s convênio; the slip says it is not registered yet', async () => {
    const created = await call('POST', '/v1/transacao', boleto(merchant.token, { multa: '2.00', juros: '1.00', dias_baixa: 30 }));
    expect(created.status).toBe(201);
    const { transacao } = created.body;
    expect(transacao.status).toBe('aguardando_pagamento');
    expect(transacao.detalhes).toMatchObject({ registro: 'pendente', valor_pago: null, data_pagamento: null, br_code: null });
    const { codigo_barras, linha_digitavel, nosso_numero } = transacao.detalhes;
    expect(codigo_barras).toMatch(/^3419\d{40}$/);
    expect(barcodeFromLine(linha_digitavel)).toBe(codigo_barras);
    // Itaú's campo livre: carteira 109, the nosso número (the transaction id) and its DAC, agency 0057, account 12345.
    expect(nosso_numero).toMatch(/^109\/\d{8}-\d$/);
    expect(codigo_barras.slice(19, 22)).toBe('109');
    expect(codigo_barras.slice(31, 40)).toBe('005712345');

    const slip = await (await fetch(transacao.url_acesso)).text();
    expect(slip).toContain('ainda não registrado no banco');
    expect(slip).toContain('multa de 2,00%');
    expect(slip).toContain(linha_digitavel.slice(0, 5));
  });

  it('refuses bad charges and a past due date with 400, storing nothing', async () => {
    const before = await countOf(merchant.token);
    const yesterday = new Date(Date.now() - 2 * 86_400_000);
    const past = `${String(yesterday.getUTCDate()).padStart(2, '0')}${String(yesterday.getUTCMonth() + 1).padStart(2, '0')}${yesterday.getUTCFullYear()}`;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ multa: '2.005' }, /multa/],
      [{ multa: '-1.00' }, /multa/],
      [{ multa: '0.00' }, /multa: deve ser maior que zero/],
      [{ juros: '1.123' }, /juros/],
      [{ dias_baixa: 0 }, /dias_baixa/],
      [{ dias_baixa: 1000 }, /dias_baixa/],
      [{ data_vencimento: past }, /data_vencimento: não pode estar no passado/],
      [{ desconto: { valor: '150.00', data_limite: '01122030' } }, /desconto.valor/],
      [{ desconto: { valor: '5.00', data_limite: '01012031' } }, /desconto.data_limite: não pode ser depois do vencimento/],
    ];
    for (const [pagamento, message] of cases) {
      const reply = await call('POST', '/v1/transacao', boleto(merchant.token, pagamento));
      expect(reply.status, JSON.stringify(pagamento)).toBe(400);
      expect(reply.body.transacao.erro.mensagem).toMatch(message);
    }
    const pix = await call('POST', '/v1/transacao', {
      token: merchant.token,
      transacao: { pedido: { numero: '1', total: '10.00' }, pagamento: { meio_pagamento: 'pix', multa: '2.00' } },
    });
    expect(pix.status).toBe(400);
    expect(pix.body.transacao.erro.mensagem).toMatch(/multa: só se aplica a boletos/);
    expect(await countOf(merchant.token)).toBe(before);
  });

  it('puts each pending boleto in exactly one remessa, even with two runs at once; the files are kept and listed', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const charges = i === 0 ? { multa: '2.00', desconto: { valor: '5.00', data_limite: '20122030' } } : {};
      ids.push((await call('POST', '/v1/transacao', boleto(merchant.token, charges, `${100 + i}.00`))).body.transacao.id);
    }
    const [a, b] = await Promise.all([
      generateRemessa(files.remessa, { merchantId: merchant.id, method: 'boleto_bankA' }),
      generateRemessa(files.remessa, { merchantId: merchant.id, method: 'boleto_bankA' }),
    ]);
    const inFile = (result: typeof a) => (result ? result.record.entries.map((entry) => entry.transactionId) : []);
    const all = [...inFile(a), ...inFile(b)];
    expect(new Set(all).size).toBe(all.length);
    for (const id of ids) expect(all).toContain(id);
    expect(await generateRemessa(files.remessa, { merchantId: merchant.id, method: 'boleto_bankA' })).toBeUndefined();

    const listed = await files.remessa.remessas.list(merchant.id, 'boleto_bankA');
    for (const result of [a, b].filter((r) => r !== undefined)) {
      const record = listed.find((entry) => entry.fileId === result.record.fileId);
      expect(record).toBeDefined();
      expect(await files.remessa.remessas.content(record!)).toBe(result.content);
      const { records } = readCnab240(result.content);
      for (const p of records.filter((r) => r.kind === 'P')) {
        const transacao = await consult(merchant.token, Number(p.numeroDocumento));
        expect(p.nossoNumero).toBe(transacao.detalhes.nosso_numero.replace(/\D/g, ''));
        expect(Number(p.valorNominal)).toBe(Math.round(Number(transacao.total) * 100));
        expect(p.vencimento).toBe('31122030');
      }
    }
  });

  it('applies a retorno: entrada confirmada, liquidação with juros, rejeição, baixa, a duplicated occurrence; twice changes nothing', async () => {
    const created: { id: number; nosso: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const { transacao } = (await call('POST', '/v1/transacao', boleto(merchant.token))).body;
      created.push({ id: transacao.id, nosso: transacao.detalhes.nosso_numero.replace(/\D/g, '') });
    }
    const [paid, rejected, written] = created as [(typeof created)[0], (typeof created)[0], (typeof created)[0]];
    // The merchant cancels the third: estornar asks the bank for a baixa, the next remessa carries instruction 02.
    const estorno = await call('POST', `/v1/transacao/${written.id}/estornar`, { token: merchant.token });
    expect(estorno.status).toBe(200);
    expect(estorno.body.transacao.status).toBe('aguardando_pagamento');
    const remessa = await generateRemessa(files.remessa, { merchantId: merchant.id, method: 'boleto_bankA' });
    expect(remessa?.record.entries).toContainEqual({ transactionId: written.id, instruction: '02' });

    const entry = (code: string, target: typeof paid, extra: Partial<RetornoEntry> = {}): RetornoEntry => ({
      code,
      ourNumber: target.nosso,
      documentNumber: String(target.id),
      nominalCents: 15_000,
      occurredOn: '02122030',
      ...extra,
    });
    const liquidacao = entry('06', paid, { paidCents: 15_350, chargesCents: 350, occurredOn: '03012031' });
    const retorno = buildRetorno({
      bank: '341',
      convenio: '1234567',
      sequence: 41,
      entries: [
        entry('02', paid),
        entry('02', written),
        liquidacao,
        entry('03', rejected, { reasons: '08' }),
        entry('09', written),
        liquidacao,
      ],
    });
    const report = await importRetorno(files.retorno, {
      merchantId: merchant.id,
      method: 'boleto_bankA',
      content: retorno,
      by: 'retorno:test',
    });
    expect(report.occurrences.map((o) => o.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'applied',
      'duplicate',
    ]);
    expect(report).toMatchObject({ applied: 5, duplicates: 1, ignored: 0, alreadyImported: false });

    const paidNow = await consult(merchant.token, paid.id);
    expect(paidNow.status).toBe('paga');
    expect(paidNow.detalhes).toMatchObject({ registro: 'registrado', valor_pago: '153.50', data_pagamento: '2031-01-03' });
    expect(await consult(merchant.token, rejected.id)).toMatchObject({ status: 'negada', detalhes: { registro: 'rejeitado' } });
    expect(await consult(merchant.token, written.id)).toMatchObject({
      status: 'cancelada',
      valor_estornado: '0.00',
      estornos: [],
    });

    await pumpWebhooks(
      () =>
        eventsOf(paid.id).includes('transacao.paga') &&
        eventsOf(rejected.id).includes('transacao.negada') &&
        eventsOf(written.id).includes('transacao.cancelada'),
    );
    expect(eventsOf(paid.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.paga']);
    expect(eventsOf(rejected.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.negada']);
    expect(eventsOf(written.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.cancelada']);

    const again = await importRetorno(files.retorno, {
      merchantId: merchant.id,
      method: 'boleto_bankA',
      content: retorno,
      by: 'retorno:test',
    });
    expect(again).toMatchObject({ alreadyImported: true, applied: 5 });
    // The same occurrences in another file (another sequence number): each is recognised, none applied again.
    const resent = buildRetorno({ bank: '341', convenio: '1234567', sequence: 42, entries: [liquidacao, entry('09', written)] });
    const other = await importRetorno(files.retorno, {
      merchantId: merchant.id,
      method: 'boleto_bankA',
      content: resent,
      by: 'retorno:test',
    });
    expect(other.occurrences.map((o) => o.outcome)).toEqual(['duplicate', 'duplicate']);
    expect((await consult(merchant.token, paid.id)).status).toBe('paga');
    await pumpWebhooks(() => true);
    expect(eventsOf(paid.id)).toEqual(['transacao.aguardando_pagamento', 'transacao.paga']);
  }, 60_000);

  it('refuses a malformed retorno whole, naming the line, and applies nothing', async () => {
    const { transacao } = (await call('POST', '/v1/transacao', boleto(merchant.token))).body;
    const good = buildRetorno({
      bank: '341',
      convenio: '1234567',
      sequence: 50,
      entries: [liquidacaoEntry(transacao), { code: '02', ourNumber: '1', documentNumber: '1', nominalCents: 1 }],
    });
    const lines = good.split('\r\n');
    // Line 6 is the second occurrence's segment U: its amount paid is not a number. The first occurrence is valid.
    lines[5] = `${(lines[5] as string).slice(0, 77)}ABC${(lines[5] as string).slice(80)}`;
    const error = await importRetorno(files.retorno, {
      merchantId: merchant.id,
      method: 'boleto_bankA',
      content: lines.join('\r\n'),
      by: 'retorno:test',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CnabFileError);
    expect((error as Error).message).toMatch(/^linha 6: valor pago/);
    expect((await consult(merchant.token, transacao.id)).status).toBe('aguardando_pagamento');
  });

  it('sandbox simular_pagamento pays it as a liquidação; a later liquidação is a duplicate payment, never a second paga', async () => {
    const { transacao } = (await call('POST', '/v1/transacao', boleto(merchant.token))).body;
    const simulated = await call('POST', `/v1/transacao/${transacao.id}/simular_pagamento`, { token: merchant.token });
    expect(simulated.status).toBe(200);
    expect(simulated.body.transacao).toMatchObject({ status: 'paga', detalhes: { valor_pago: '150.00' } });
    const retorno = liquidacaoOf(transacao, 60);
    const report = await importRetorno(files.retorno, {
      merchantId: merchant.id,
      method: 'boleto_bankA',
      content: retorno,
      by: 'retorno:test',
    });
    expect(report.occurrences[0]).toMatchObject({ outcome: 'applied', status: 'paga' });
    const item = await files.retorno.store.getOfMerchant(merchant.id, transacao.id);
    expect(item?.boleto?.duplicatePayments).toEqual([
      expect.objectContaining({ via: 'boleto', cents: 15_000, on: '2030-12-02' }),
    ]);
    expect(item?.history.filter((change) => change.status === 'paga')).toHaveLength(1);
    await pumpWebhooks(() => eventsOf(transacao.id).includes('transacao.paga'));
    await pumpWebhooks(() => true);
    expect(eventsOf(transacao.id).filter((tipo) => tipo === 'transacao.paga')).toHaveLength(1);
    // Paid: estornar stays 409, as for every boleto.
    expect((await call('POST', `/v1/transacao/${transacao.id}/estornar`, { token: merchant.token })).status).toBe(409);
  });

  it('híbrido: a cobv BR Code served at its location; paid by Pix, then a liquidação: one paga, the bank asked for a baixa', async () => {
    const hybrid = await connectedMerchant({
      ...SECRET,
      pixKey: 'pix@loja.test',
      cidade: 'Rio de Janeiro',
    });
    const hooks = await startWebhookReceiver();
    await registerWebhook(hybrid.token, hooks.url);
    try {
      const { transacao } = (await call('POST', '/v1/transacao', boleto(hybrid.token, HYBRID_CHARGES))).body;
      const brCode: string = transacao.detalhes.br_code;
      const pix = parsePix(brCode) as unknown as Record<string, unknown>;
      expect(pix).toMatchObject({ type: 'DYNAMIC', merchantCity: 'Rio de Janeiro' });
      expect(computeCRC(brCode.slice(0, -4))).toBe(brCode.slice(-4));
      const jws = await (await fetch(`http://${String(pix.url)}`)).text();
      const payload = JSON.parse(Buffer.from(jws.split('.')[1] as string, 'base64url').toString('utf8'));
      expect(payload).toMatchObject({ ...HYBRID_COBV_TERMS, status: 'ATIVA', chave: 'pix@loja.test' });
      expect(payload.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);

      const paid = await call('POST', `/v1/transacao/${transacao.id}/simular_pagamento`, { token: hybrid.token });
      expect(paid.body.transacao.status).toBe('paga');
      const remessa = await generateRemessa(files.remessa, { merchantId: hybrid.id, method: 'boleto_bankA' });
      // Never registered (paid by Pix first): no entrada, only the baixa that stops the bank taking the boleto.
      expect(remessa?.record.entries).toEqual([{ transactionId: transacao.id, instruction: '02' }]);
      const retorno = liquidacaoOf(transacao, 70);
      await importRetorno(files.retorno, { merchantId: hybrid.id, method: 'boleto_bankA', content: retorno, by: 'retorno:test' });
      const stored = await files.retorno.store.getOfMerchant(hybrid.id, transacao.id);
      expect(stored?.boleto?.payment).toMatchObject({ via: 'pix', cents: 15_000 });
      expect(stored?.boleto?.duplicatePayments).toEqual([expect.objectContaining({ via: 'boleto', cents: 15_000 })]);
      const of = () => hooks.received.filter((hook) => hook.event.transacao.id === transacao.id).map((hook) => hook.event.tipo);
      await pumpWebhooks(() => of().includes('transacao.paga'));
      await pumpWebhooks(() => true);
      expect(of()).toEqual(['transacao.aguardando_pagamento', 'transacao.paga']);
    } finally {
      await hooks.close();
    }
  });

  it('writes no remessa for boletos settled before their turn, and empties the queue of them', async () => {
    const own = await connectedMerchant();
    const { transacao } = (await call('POST', '/v1/transacao', boleto(own.token))).body;
    expect((await call('POST', `/v1/transacao/${transacao.id}/simular_pagamento`, { token: own.token })).status).toBe(200);
    expect(await files.remessa.remessas.queued(own.id, 'boleto_bankA')).toHaveLength(1);
    expect(await generateRemessa(files.remessa, { merchantId: own.id, method: 'boleto_bankA' })).toBeUndefined();
    expect(await files.remessa.remessas.queued(own.id, 'boleto_bankA')).toEqual([]);
    expect(await files.remessa.remessas.list(own.id, 'boleto_bankA')).toEqual([]);
  });

  it('leaves boletos of a merchant without a connection as they were: no detalhes, simular_pagamento refused', async () => {
    const plain = await newMerchant();
    const { transacao } = (await call('POST', '/v1/transacao', boleto(plain.token))).body;
    expect(transacao.detalhes).toBeUndefined();
    expect((await call('POST', `/v1/transacao/${transacao.id}/simular_pagamento`, { token: plain.token })).status).toBe(409);
  });
});
