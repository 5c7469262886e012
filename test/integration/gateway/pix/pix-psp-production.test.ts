import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEntryFor } from '../../../../lib/gateway/http/error-catalogue';
import { mintEndToEndId } from '../../../../lib/gateway/pix/identifiers';
import { devolucaoIdOf } from '../../../../lib/gateway/pix/provider/production-pix-provider';
import { PixPspError } from '../../../../lib/gateway/pix/psp';
import { createTransaction } from '../../../../lib/gateway/use-cases/create-transaction';
import type { GatewayDependencies } from '../../../../lib/gateway/use-cases/dependencies';
import { refundTransaction } from '../../../../lib/gateway/use-cases/settle-transaction';
import { createLogger } from '../../../../lib/log';
import type { CallbackDelivery, FakePixPsp, TestPki } from '../../../support/fake-pix-psp';
import { call, newMerchant } from '../../../support/gateway';
import { logOnceItContains } from '../../../support/log-lines';
import { connectMerchantPsp, type MerchantPspHarness } from '../../../support/merchant-psp';
import { pixBody } from '../../../support/pix';
import { testStack } from '../../../support/stack';

/**
 * The production Pix connector wired in, against the fake PSP (mTLS, OAuth2, schema-checked requests). How it runs:
 * the test stack is the sandbox stage, so charges and refunds run in-process through the production wiring
 * (createPixGatewayDependencies with stage production, the same tables); the PSP's callbacks go through serverless
 * offline to the real callback function, which reads the merchant's PSP secret from PIX_PSP_SECRETS_DIR as any stage
 * does locally, and asks the fake PSP before changing anything. Consults go through the HTTP API.
 */
const { baseUrl } = testStack();
const CLIENT_ID = 'gateway-production';
const CLIENT_SECRET = `cs-${randomBytes(18).toString('base64url')}`;
const CHAVE = 'a1f4102e-a446-4a57-bcce-6fa48899c1d1';
const printed: string[] = [];
let restoreOutput: () => void;
let harness: MerchantPspHarness;
let pki: TestPki;
let psp: FakePixPsp;
let merchant: { id: string; token: string };
let callbackPath: string;
let callbackSecret: string;
let deps: GatewayDependencies;

async function createPix(total = '10.00') {
  return createTransaction(deps, { body: pixBody(merchant.token, { expiracao: 600 }, { total }), baseUrl });
}

async function failureOf(promise: Promise<unknown>): Promise<PixPspError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PixPspError);
  return error as PixPspError;
}

const forward = (delivery: CallbackDelivery | undefined, path?: string) => harness.forward(delivery, path);

const consult = async (id: number) => (await call('GET', `/v1/transacao/${id}?token=${merchant.token}`)).body.transacao;
const count = async () =>
  ((await call('GET', `/v1/transacao?token=${merchant.token}&limite=100`)).body as unknown as { transacoes: unknown[] })
    .transacoes.length;

beforeAll(async () => {
  const original = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  const capture =
    (write: typeof process.stdout.write) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    };
  process.stdout.write = capture(original.out) as typeof process.stdout.write;
  process.stderr.write = capture(original.err) as typeof process.stderr.write;
  restoreOutput = () => {
    process.stdout.write = original.out;
    process.stderr.write = original.err;
  };
  merchant = await newMerchant();
  harness = await connectMerchantPsp(
    merchant.id,
    { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, chave: CHAVE },
    createLogger({ level: 'DEBUG', serviceName: 'pix-psp-production-test' }),
  );
  ({ pki, psp, deps, callbackPath, callbackSecret } = harness);
});

afterAll(async () => {
  restoreOutput?.();
  await harness?.close();
});

describe('production Pix through the merchant PSP', () => {
  it('creates the charge as a cob at the PSP; the BR Code is the PSP one; no simulated payment', async () => {
    const created = await createPix('12.34');
    expect(created.statusCode).toBe(201);
    const view = created.body.transacao as Record<string, any>;
    expect(view.status).toBe('aguardando_pagamento');
    const cob = psp.ledger.cobs.get(view.detalhes.txid);
    expect(cob?.valor.original).toBe('12.34');
    expect(cob?.chave).toBe(CHAVE);
    expect(view.detalhes.br_code).toBe(cob?.pixCopiaECola);
    expect(Date.parse(view.detalhes.expira_em) - Date.parse(cob?.calendario.criacao as string)).toBe(600_000);
    expect(await consult(view.id)).toMatchObject({ status: 'aguardando_pagamento', detalhes: view.detalhes });
    expect(deps.pixProvider.simulatePayment).toBeUndefined();
  });

  it('a confirmed callback makes it paga, once, however many copies arrive at once; a repeat changes nothing', async () => {
    const view = (await createPix('25.00')).body.transacao as Record<string, any>;
    const { pix, callback } = await psp.pay(view.detalhes.txid);
    const parallel = await Promise.all([forward(callback), forward(callback), forward(callback)]);
    expect(parallel.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(parallel.flatMap((answer) => answer.body.resultados).sort()).toEqual(['already_paid', 'already_paid', 'paid']);
    const paid = await consult(view.id);
    expect(paid.status).toBe('paga');
    expect(paid.detalhes.e2eid).toBe(pix.endToEndId);
    expect(paid.detalhes.data_pagamento).toBe(pix.horario);
    const again = await forward(callback);
    expect(again.body).toEqual({ recebidos: 1, resultados: ['already_paid'] });
    expect(await consult(view.id)).toEqual(paid);
    const stored = await deps.store.getOfMerchant(merchant.id, view.id);
    expect(stored?.history.filter((change) => change.status === 'paga')).toHaveLength(1);
  });

  it('an unknown merchant or a wrong secret is a 404 without detail; a malformed body a 400', async () => {
    const view = (await createPix()).body.transacao as Record<string, any>;
    const { callback } = await psp.pay(view.detalhes.txid);
    const wrongSecret = callbackPath.replace(callbackSecret, `${callbackSecret.slice(0, -1)}x`);
    const unknown = callbackPath.replace(merchant.id, 'm-nobody');
    for (const path of [wrongSecret, unknown]) {
      const answer = await forward(callback, path);
      expect(answer.status).toBe(404);
      expect(answer.body.transacao.erro.codigo).toBe('006');
      expect(JSON.stringify(answer.body)).not.toContain(view.detalhes.txid);
    }
    expect((await consult(view.id)).status).toBe('aguardando_pagamento');
    const malformed = await fetch(`${baseUrl}${callbackPath}`, { method: 'POST', body: '{"pix": "no"}' });
    expect(malformed.status).toBe(400);
    expect((await forward(callback)).body.resultados).toEqual(['paid']);
  });

  it('a callback the PSP does not confirm changes nothing', async () => {
    const view = (await createPix('7.00')).body.transacao as Record<string, any>;
    const forged = {
      url: `https://127.0.0.1:1${callbackPath}`,
      status: 'failed' as const,
      body: {
        pix: [
          {
            endToEndId: mintEndToEndId({ ispb: '12345678', at: new Date() }),
            txid: view.detalhes.txid,
            valor: '7.00',
            horario: new Date().toISOString(),
          },
        ],
      },
    };
    const answer = await forward(forged as CallbackDelivery);
    expect(answer).toEqual({ status: 200, body: { recebidos: 1, resultados: ['ignored'] } });
    expect((await consult(view.id)).status).toBe('aguardando_pagamento');
  });

  it('a partial devolução is em_processamento until the PSP settles it; the one reaching the total cancels', async () => {
    const view = (await createPix('10.00')).body.transacao as Record<string, any>;
    const { pix, callback } = await psp.pay(view.detalhes.txid);
    await forward(callback);
    const refund = (valor: string) => refundTransaction(deps, { transactionId: view.id, body: { token: merchant.token, valor } });

    const partial = (await refund('4.00')).body.transacao as Record<string, any>;
    expect(partial.status).toBe('paga');
    expect(partial.valor_estornado).toBe('4.00');
    expect(partial.estornos).toMatchObject([{ valor: '4.00', status: 'em_processamento' }]);
    const firstId = devolucaoIdOf({ id: partial.estornos[0].id });
    expect(psp.ledger.pixOf(pix.endToEndId)?.devolucoes?.[0]).toMatchObject({ id: firstId, status: 'EM_PROCESSAMENTO' });

    const settled = await forward(await psp.settleDevolucao(pix.endToEndId, firstId));
    expect(settled.body.resultados).toEqual(['already_paid', 'refund_settled']);
    const afterFirst = await consult(view.id);
    expect(afterFirst).toMatchObject({ status: 'paga', valor_estornado: '4.00' });
    expect(afterFirst.estornos.map((estorno: { status: string }) => estorno.status)).toEqual(['concluido']);

    const rest = (await refund('6.00')).body.transacao as Record<string, any>;
    expect(rest.status).toBe('paga');
    const secondId = devolucaoIdOf({ id: rest.estornos[1].id });
    const delivery = await psp.settleDevolucao(pix.endToEndId, secondId);
    expect((await forward(delivery)).body.resultados).toEqual(['already_paid', 'refund_settled']);
    const cancelled = await consult(view.id);
    expect(cancelled).toMatchObject({ status: 'cancelada', valor_estornado: '10.00' });
    expect(cancelled.estornos.map((estorno: { status: string }) => estorno.status)).toEqual(['concluido', 'concluido']);
    expect((await forward(delivery)).body.resultados).toEqual(['already_paid']);
    expect(await consult(view.id)).toEqual(cancelled);
  });

  it('a devolução the PSP could not make is nao_realizado and gives its amount back', async () => {
    const view = (await createPix('5.00')).body.transacao as Record<string, any>;
    const { pix, callback } = await psp.pay(view.detalhes.txid);
    await forward(callback);
    const asked = (await refundTransaction(deps, { transactionId: view.id, body: { token: merchant.token } })).body
      .transacao as Record<string, any>;
    const id = devolucaoIdOf({ id: asked.estornos[0].id });
    await forward(await psp.settleDevolucao(pix.endToEndId, id, 'NAO_REALIZADO'));
    expect(await consult(view.id)).toMatchObject({ status: 'paga', valor_estornado: '0.00' });
  });

  it('a PSP that cannot be asked during a callback: 503 (the PSP sends it again), then it is applied', async () => {
    const view = (await createPix('3.00')).body.transacao as Record<string, any>;
    const { callback } = await psp.pay(view.detalhes.txid);
    psp.failNext(3, 503);
    const refused = await forward(callback);
    expect(refused.status).toBe(503);
    expect(refused.body.transacao.erro.codigo).toBe('008');
    expect((await consult(view.id)).status).toBe('aguardando_pagamento');
    expect((await forward(callback)).body.resultados).toEqual(['paid']);
  });

  it('an expired OAuth token is refreshed once and the charge goes through', async () => {
    const before = psp.tokenRequests;
    psp.expireTokens('issued');
    expect((await createPix()).statusCode).toBe(201);
    expect(psp.tokenRequests).toBe(before + 1);
  });

  it('PSP 5xx (retried), timeouts and a refused certificate: the erro envelope (503, 008) and nothing stored', async () => {
    const stored = await count();
    const cobs = () => psp.requestsTo('PUT /cob/{txid}').length;

    let asked = cobs();
    psp.failNext(3, 502);
    const unavailable = await failureOf(createPix());
    expect(unavailable.failure).toBe('unavailable');
    expect(cobs() - asked).toBe(3);

    asked = cobs();
    psp.hangNext(3);
    const timeout = await failureOf(createPix());
    expect(timeout.failure).toBe('timeout');
    expect(cobs() - asked).toBe(3);

    psp.refuseClientCertificates(true);
    const certificate = await failureOf(createPix());
    psp.refuseClientCertificates(false);
    expect(certificate.failure).toBe('certificate');

    for (const failure of [unavailable, timeout, certificate]) {
      expect(catalogueEntryFor(failure)).toMatchObject({ status: 503, codigo: '008' });
      expect(failure.message).not.toContain(CLIENT_SECRET);
    }
    expect(await count()).toBe(stored);
    expect((await createPix()).statusCode).toBe(201);
  });

  it('no client secret, certificate, key, access token or callback secret in any log', async () => {
    const log = await logOnceItContains('[REDACTED]/pix');
    const everything = `${printed.join('')}\n${log}\n${readFileSync(testStack().logFile, 'utf8')}`;
    expect(everything).toContain('Pix PSP call');
    const pemBody = (pem: string) => pem.split('\n').filter((line) => line && !line.startsWith('-----'))[1] as string;
    const secrets = [
      CLIENT_SECRET,
      callbackSecret,
      pemBody(pki.client.privateKeyPem),
      pemBody(pki.client.certificatePem),
      ...psp.issuedTokens(),
    ];
    expect(psp.issuedTokens().length).toBeGreaterThan(1);
    for (const secret of secrets) expect(everything.includes(secret), `a log holds ${secret.slice(0, 6)}…`).toBe(false);
  });
});
