import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEntryFor } from '../../../../lib/gateway/http/error-catalogue';
import { parseBrCode } from '../../../../lib/gateway/pix/br-code';
import { generateTxid, isEndToEndId } from '../../../../lib/gateway/pix/identifiers';
import {
  confirmCallbackPix,
  PixApiClient,
  type PixApiClientOptions,
  PixCallbackError,
  PixPspError,
  type PixPspSecret,
  pixPspConfigFromSecret,
} from '../../../../lib/gateway/pix/psp';
import { parsePixCallback } from '../../../../lib/gateway/pix/psp/pix-callback';
import { createLogger } from '../../../../lib/log';
import { createTestPki, FakePixPsp, merchantPspSecret, type RecordedRequest, type TestPki } from '../../../support/fake-pix-psp';

/** The production connector against the fake PSP, over real TLS with client certificates. */
const CLIENT_ID = 'gateway-m-demo';
const CLIENT_SECRET = `cs-${randomBytes(18).toString('base64url')}`;
const CHAVE = '7407c9c8-f78b-11ea-adc1-0242ac120002';
const FAST_RETRY: PixApiClientOptions['retry'] = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

let pki: TestPki;
let psp: FakePixPsp;
let receiver: Server;
let receiverUrl: string;
const received: { path: string; body: string; clientCertificateCn: string | undefined }[] = [];
const printed: string[] = [];
const errors: unknown[] = [];
const clients: PixApiClient[] = [];
let restoreOutput: () => void;

const secret = (changes: Partial<PixPspSecret> = {}): PixPspSecret =>
  merchantPspSecret(psp, pki, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, chave: CHAVE }, changes);

/** A connector that logs through the service's real logger (its output captured) at the most verbose level. */
function connector(changes: Partial<PixPspSecret> = {}, options: PixApiClientOptions = {}): PixApiClient {
  const client = new PixApiClient(pixPspConfigFromSecret(secret(changes)), {
    retry: FAST_RETRY,
    logger: createLogger({ level: 'DEBUG', serviceName: 'pix-psp-test' }),
    ...options,
  });
  clients.push(client);
  return client;
}

/** A connector and a charge it created, for the tests about what happens next. */
async function clientWithCharge(options: PixApiClientOptions = {}): Promise<{ client: PixApiClient; txid: string }> {
  const client = connector({}, options);
  const txid = generateTxid();
  await client.createCharge(txid, { expiracao: 60, valor: '3.00' });
  return { client, txid };
}

/** The statuses the fake PSP answered on `route` from now on. */
function statusesFromNow(route: string): () => RecordedRequest['status'][] {
  const start = psp.requestsTo(route).length;
  return () =>
    psp
      .requestsTo(route)
      .slice(start)
      .map((recorded) => recorded.status);
}

async function failureOf(promise: Promise<unknown>): Promise<PixPspError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  errors.push(error);
  expect(error).toBeInstanceOf(PixPspError);
  return error as PixPspError;
}

beforeAll(async () => {
  const capture = (stream: NodeJS.WriteStream) => {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    return () => {
      stream.write = original;
    };
  };
  const restores = [capture(process.stdout), capture(process.stderr)];
  restoreOutput = () => {
    for (const restore of restores) restore();
  };
  pki = createTestPki();
  psp = await FakePixPsp.start({ pki, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ispb: '12345678' });
  // The merchant's webhook receiver: HTTPS that requires the PSP's client certificate, as the BCB asks (mTLS).
  receiver = createServer(
    {
      key: pki.server.privateKeyPem,
      cert: pki.server.certificatePem,
      ca: pki.caPem,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const peer = (request.socket as import('node:tls').TLSSocket).getPeerCertificate();
        received.push({
          path: request.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
          clientCertificateCn: String(peer.subject?.CN),
        });
        response.writeHead(200).end();
      });
    },
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/pix-psp/m-demo`;
});

afterAll(async () => {
  restoreOutput();
  for (const client of clients) client.close();
  await psp.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('charge, consult, callback, devolução', () => {
  let client: PixApiClient;
  const txid = generateTxid();
  let e2eid: string;

  beforeAll(() => {
    client = connector();
  });

  it('creates a charge (PUT /cob/{txid}) and consults it, with one token for both calls', async () => {
    const before = psp.tokenRequests;
    const created = await client.createCharge(txid, { expiracao: 3600, valor: '25.00', solicitacaoPagador: 'Pedido 1234' });
    expect(created).toMatchObject({ txid, status: 'ATIVA', revisao: 0, valor: { original: '25.00' }, chave: CHAVE });
    expect(parseBrCode(created.pixCopiaECola!).dynamic?.location).toBe(created.location);
    const consulted = await client.getCharge(txid);
    expect(consulted).toMatchObject({ txid, status: 'ATIVA', calendario: { expiracao: 3600 } });
    expect(psp.tokenRequests - before).toBe(1);
  });

  it('registers the webhook; the payment arrives as a callback over mTLS, parsed and confirmed → paid', async () => {
    await client.configureWebhook(receiverUrl);
    expect(psp.ledger.webhooks.get(CHAVE)?.webhookUrl).toBe(receiverUrl);
    const { pix, callback } = await psp.pay(txid);
    expect(callback?.status).toBe(200);
    const delivered = received.at(-1)!;
    expect(delivered.path).toBe('/webhooks/pix-psp/m-demo/pix');
    expect(delivered.clientCertificateCn).toBe('fake-pix-psp');
    const parsed = parsePixCallback(delivered.body);
    expect(parsed.pix).toEqual([{ endToEndId: pix.endToEndId, txid, valor: '25.00', horario: pix.horario }]);
    e2eid = parsed.pix[0]!.endToEndId;
    expect(isEndToEndId(e2eid)).toBe(true);
    expect(e2eid.slice(0, 9)).toBe('E12345678');
    const confirmed = await confirmCallbackPix(client, parsed.pix[0]!);
    expect(confirmed.cob.status).toBe('CONCLUIDA');
    // A forged callback (another amount, or an id the PSP never saw) is not confirmed.
    await expect(confirmCallbackPix(client, { ...parsed.pix[0]!, valor: '2500.00' })).rejects.toThrow(PixCallbackError);
    await expect(
      confirmCallbackPix(client, { ...parsed.pix[0]!, endToEndId: `E12345678${e2eid.slice(9, 21)}AAAAAAAAAAA` }),
    ).rejects.toThrow(PixCallbackError);
  });

  it('refunds part of the Pix twice, refuses the refund beyond the rest, and follows one to DEVOLVIDO', async () => {
    const first = await client.requestRefund(e2eid, 'dev1', { valor: '10.00', descricao: 'Item devolvido' });
    expect(first).toMatchObject({ id: 'dev1', valor: '10.00', status: 'EM_PROCESSAMENTO' });
    expect(isEndToEndId(first.rtrId, 'D')).toBe(true);
    // The same id again is the same devolução (a retried PUT refunds once).
    expect(await client.requestRefund(e2eid, 'dev1', { valor: '10.00' })).toMatchObject({ rtrId: first.rtrId });
    await client.requestRefund(e2eid, 'dev2', { valor: '15.00' });
    const beyond = await failureOf(client.requestRefund(e2eid, 'dev3', { valor: '0.01' }));
    expect(beyond).toMatchObject({ failure: 'rejected', kind: 'invalid_request', details: { status: 400 } });
    expect(beyond.message).toContain('Devolução inválida.');
    const callback = await psp.settleDevolucao(e2eid, 'dev1');
    expect(callback?.status).toBe(200);
    const parsed = parsePixCallback(received.at(-1)!.body);
    expect(parsed.pix[0]!.devolucoes?.find((devolucao) => devolucao.id === 'dev1')).toMatchObject({ status: 'DEVOLVIDO' });
    expect(await client.getRefund(e2eid, 'dev1')).toMatchObject({
      status: 'DEVOLVIDO',
      horario: { liquidacao: expect.any(String) },
    });
    expect(await client.getRefund(e2eid, 'dev2')).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect((await failureOf(client.getRefund(e2eid, 'nope'))).failure).toBe('not_found');
  });

  it('passes on the PSP’s refusal of a request (duplicate txid) as a clear rejected error', async () => {
    const duplicate = await failureOf(client.createCharge(txid, { expiracao: 60, valor: '1.00' }));
    expect(duplicate).toMatchObject({ failure: 'rejected', details: { status: 400 } });
    expect(duplicate.message).toBe('O PSP Pix recusou a requisição: Cobrança inválida.');
  });
});

describe('certificates', () => {
  it('a client certificate from a CA the PSP does not trust → certificate error', async () => {
    const error = await failureOf(
      connector({ certificatePem: pki.rogueClient.certificatePem, privateKeyPem: pki.rogueClient.privateKeyPem }).getCharge(
        generateTxid(),
      ),
    );
    expect(error.failure).toBe('certificate');
    expect(error.message).toBe('O PSP Pix recusou o certificado de cliente na conexão mTLS');
    expect(catalogueEntryFor(error)).toEqual({ status: 503, codigo: '008', mensagem: error.message });
  });

  it('a PSP whose certificate we do not trust → certificate error', async () => {
    const error = await failureOf(connector({ caPem: pki.rogueCaPem }).getCharge(generateTxid()));
    expect(error).toMatchObject({
      failure: 'certificate',
      message: 'O certificado apresentado pelo PSP Pix não é confiável (TLS)',
    });
  });

  it('the PSP starts refusing our certificate (revoked) → certificate error', async () => {
    const client = connector();
    await client.createCharge(generateTxid(), { expiracao: 60, valor: '1.00' });
    psp.refuseClientCertificates(true);
    try {
      const refusedBefore = psp.requests.filter((recorded) => recorded.status === 'tls-refused').length;
      const error = await failureOf(connector().getCharge(generateTxid()));
      expect(error.failure).toBe('certificate');
      // An alert ends the call at once; a reset that swallowed the alert is retried, and every attempt fails alike.
      const refused = psp.requests.filter((recorded) => recorded.status === 'tls-refused').length - refusedBefore;
      expect(refused).toBeGreaterThanOrEqual(1);
      expect(refused).toBeLessThanOrEqual(3);
    } finally {
      psp.refuseClientCertificates(false);
    }
  });

  it('a key that does not match the certificate, or an unreadable PEM → configuration error at once', () => {
    for (const changes of [
      { privateKeyPem: pki.rogueClient.privateKeyPem },
      { certificatePem: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----' },
    ]) {
      let error: unknown;
      try {
        connector(changes);
      } catch (caught) {
        error = caught;
      }
      errors.push(error);
      expect(error).toMatchObject({ name: 'PixPspError', failure: 'configuration' });
    }
  });
});

describe('OAuth token expiry', () => {
  it('a token the PSP expired early is refreshed once and the call succeeds', async () => {
    const { client, txid } = await clientWithCharge();
    const tokensBefore = psp.tokenRequests;
    const statuses = statusesFromNow('GET /cob/{txid}');
    psp.expireTokens();
    expect(await client.getCharge(txid)).toMatchObject({ txid });
    expect(psp.tokenRequests - tokensBefore).toBe(1);
    expect(statuses()).toEqual([401, 200]);
  });

  it('a PSP that refuses every token: one refresh, then an authentication error (no loop)', async () => {
    const { client, txid } = await clientWithCharge();
    psp.expireTokens('always');
    try {
      const tokensBefore = psp.tokenRequests;
      const statuses = statusesFromNow('GET /cob/{txid}');
      const error = await failureOf(client.getCharge(txid));
      expect(error).toMatchObject({ failure: 'authentication', details: { status: 401 } });
      expect(psp.tokenRequests - tokensBefore).toBe(1); // the cached token, refused, then one new token, refused too
      expect(statuses()).toEqual([401, 401]);
    } finally {
      psp.expireTokens('issued');
    }
  });

  it('wrong client credentials → authentication error', async () => {
    const error = await failureOf(connector({ clientSecret: 'not-the-secret' }).getCharge(generateTxid()));
    expect(error).toMatchObject({
      failure: 'authentication',
      message: 'O PSP Pix recusou as credenciais OAuth do cliente (HTTP 401)',
    });
  });
});

describe('PSP outages', () => {
  it('5xx answers are retried with backoff and the call succeeds', async () => {
    const { client, txid } = await clientWithCharge();
    const statuses = statusesFromNow('GET /cob/{txid}');
    psp.failNext(2, 503);
    expect(await client.getCharge(txid)).toMatchObject({ txid });
    expect(statuses()).toEqual([503, 503, 200]);
  });

  it('a PSP down on every attempt → a clear unavailable error after the bounded attempts', async () => {
    const { client } = await clientWithCharge(); // the token is cached: every request below is a PUT /cob
    const statuses = statusesFromNow('PUT /cob/{txid}');
    psp.failNext(10, 502);
    try {
      const error = await failureOf(client.createCharge(generateTxid(), { expiracao: 60, valor: '4.00' }));
      expect(error).toMatchObject({ failure: 'unavailable', details: { attempts: 3, status: 502 } });
      expect(error.message).toBe('O PSP Pix está indisponível (HTTP 502 em 3 tentativas)');
      expect(catalogueEntryFor(error)).toMatchObject({ status: 503, codigo: '008' });
      expect(statuses()).toEqual([502, 502, 502]);
    } finally {
      psp.failNext(0);
    }
  });

  it('a PSP that hangs: the attempt times out and the retry succeeds', async () => {
    const { client, txid } = await clientWithCharge({ timeoutMs: 400 });
    psp.hangNext(1);
    const started = Date.now();
    expect(await client.getCharge(txid)).toMatchObject({ txid });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('a PSP that acted but whose answer was lost: the retried PUT is refused as a duplicate, read back, one charge', async () => {
    const client = connector({}, { timeoutMs: 300 });
    const txid = generateTxid();
    const statuses = statusesFromNow('PUT /cob/{txid}');
    psp.loseNextAnswers(1);
    const created = await client.createCharge(txid, { expiracao: 120, valor: '6.00' });
    expect(created).toMatchObject({ txid, status: 'ATIVA', valor: { original: '6.00' } });
    expect(statuses()).toEqual(['answer-lost', 400]);
    expect([...psp.ledger.cobs.values()].filter((cob) => cob.txid === txid)).toHaveLength(1);
    // Another charge's terms under the same txid are not mistaken for ours.
    const other = await failureOf(client.createCharge(txid, { expiracao: 120, valor: '7.00' }));
    expect(other.failure).toBe('rejected');
  });

  it('a PSP that hangs on every attempt → a timeout error, within the bounded time', async () => {
    const { client, txid } = await clientWithCharge({ timeoutMs: 300 });
    psp.hangNext(3);
    const started = Date.now();
    const error = await failureOf(client.getCharge(txid));
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ failure: 'timeout', message: 'O PSP Pix não respondeu em 300 ms (3 tentativas)' });
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(900 + 2 * 20 + 3000); // bounded: 3 attempts, capped backoff, slack for a loaded machine
  });
});

describe('no secret, token or certificate in any log or error', () => {
  it('the captured log output and every error are free of them', () => {
    const log = printed.join('');
    expect(log).toContain('Pix PSP call'); // the logger did print: this check can fail
    expect(log).toContain('"operation":"GET /cob/{txid}"');
    const pemBodies = [pki.client, pki.rogueClient].flatMap((credential) =>
      [credential.certificatePem, credential.privateKeyPem].flatMap((pem) => pem.split('\n').filter((line) => line.length > 40)),
    );
    const forbidden = [
      CLIENT_SECRET,
      encodeURIComponent(CLIENT_SECRET),
      Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'),
      'BEGIN',
      'PRIVATE KEY',
      ...psp.issuedTokens(),
      ...pemBodies,
    ];
    expect(psp.issuedTokens().length).toBeGreaterThan(5);
    expect(errors.length).toBeGreaterThan(8);
    const errorTexts = errors.map((error) => `${String(error)} ${JSON.stringify(error)} ${inspect(error, { depth: 5 })}`);
    for (const text of [log, ...errorTexts]) {
      for (const secretText of forbidden) expect(text.includes(secretText), secretText.slice(0, 12)).toBe(false);
    }
    const config = pixPspConfigFromSecret(secret());
    for (const shown of [JSON.stringify(config), inspect(config, { depth: 5 }), `${config.clientSecret}`]) {
      for (const secretText of [CLIENT_SECRET, 'BEGIN', ...pemBodies]) expect(shown.includes(secretText)).toBe(false);
    }
  });
});
