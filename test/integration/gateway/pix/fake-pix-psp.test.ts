import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../../../lib/gateway/pix/br-code';
import { createTestPki, FakePixPsp, type TestPki } from '../../../support/fake-pix-psp';
import { rawHttps } from '../../../support/fake-pix-psp/raw-https';

/** The fake PSP itself: it must refuse what a real PSP refuses, or the connector's tests prove nothing. */
let pki: TestPki;
let psp: FakePixPsp;
const TXID = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const CHAVE = '7407c9c8-f78b-11ea-adc1-0242ac120002';

beforeAll(async () => {
  pki = createTestPki();
  psp = await FakePixPsp.start({ pki, clientId: 'merchant-client', clientSecret: 's3cr3t:with/odd+chars' });
});
afterAll(() => psp.stop());

const send = (path: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
  rawHttps(`${psp.baseUrl}${path}`, {
    method: options.method,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    ca: pki.caPem,
    client: pki.client,
  });

async function token(scope?: string): Promise<string> {
  const basic = Buffer.from(`merchant-client:${encodeURIComponent('s3cr3t:with/odd+chars')}`).toString('base64');
  const answer = await send('/oauth/token', {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }).toString(),
  });
  expect(answer.status).toBe(200);
  return answer.json.access_token;
}

describe('mutual TLS', () => {
  it('refuses a client with no certificate and one whose CA it does not trust', async () => {
    for (const client of [undefined, pki.rogueClient]) {
      await expect(rawHttps(`${psp.baseUrl}/cob/${TXID}`, { ca: pki.caPem, client })).rejects.toThrow(
        /certificate|alert|socket hang up|ECONNRESET/i,
      );
    }
    expect(psp.requests.filter((recorded) => recorded.status === 'tls-refused').length).toBeGreaterThanOrEqual(2);
  });
});

describe('OAuth2 client credentials', () => {
  it('issues a token for the right client only, with a well-formed form', async () => {
    await token();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrong = await send('/oauth/token', {
      method: 'POST',
      headers: { ...form, authorization: `Basic ${Buffer.from('merchant-client:nope').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    expect(wrong).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    const noGrant = await send('/oauth/token', { method: 'POST', headers: form, body: 'client_id=merchant-client' });
    expect(noGrant).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    const badScope = await send('/oauth/token', {
      method: 'POST',
      headers: form,
      body: 'grant_type=client_credentials&scope=cob.write%20admin&client_id=merchant-client&client_secret=s3cr3t%3Awith%2Fodd%2Bchars',
    });
    expect(badScope).toMatchObject({ status: 400, json: { error: 'invalid_scope' } });
  });

  it('answers 401 without a valid bearer token and 403 without the scope', async () => {
    expect((await send(`/cob/${TXID}`)).status).toBe(401);
    expect((await send(`/cob/${TXID}`, { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
    const readOnly = await token('cob.read');
    const put = await send(`/cob/${TXID}`, { method: 'PUT', headers: { authorization: `Bearer ${readOnly}` }, body: {} });
    expect(put).toMatchObject({ status: 403, json: { type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado' } });
  });
});

describe('every request is checked against the schemas written from the BCB OpenAPI', () => {
  const validCob = { calendario: { expiracao: 3600 }, valor: { original: '10.00' }, chave: CHAVE };

  it.each([
    ['a valor with three decimals', `/cob/${TXID}`, { ...validCob, valor: { original: '10.001' } }, 'cob.valor.original'],
    ['a valor as a number', `/cob/${TXID}`, { ...validCob, valor: { original: 10 } }, 'cob.valor.original'],
    ['an expiracao as text', `/cob/${TXID}`, { ...validCob, calendario: { expiracao: '3600' } }, 'cob.calendario.expiracao'],
    ['a chave of 78 characters', `/cob/${TXID}`, { ...validCob, chave: 'k'.repeat(78) }, 'cob.chave'],
    ['no valor', `/cob/${TXID}`, { calendario: { expiracao: 60 }, chave: CHAVE }, 'cob.valor'],
    ['an unknown field', `/cob/${TXID}`, { ...validCob, cartao_numero: '4111111111111111' }, 'cob.cartao_numero'],
    ['a txid of 25 characters', `/cob/${'a'.repeat(25)}`, validCob, 'txid'],
    ['a txid with a dash', `/cob/${'a'.repeat(30)}-abcd`, validCob, 'txid'],
  ])('PUT /cob/{txid} with %s → 400 CobOperacaoInvalida naming %s', async (_name, path, body, propriedade) => {
    const answer = await send(path, { method: 'PUT', headers: { authorization: `Bearer ${await token()}` }, body });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toBe('application/problem+json');
    expect(answer.json).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      title: 'Cobrança inválida.',
      status: 400,
    });
    expect(answer.json.violacoes.map((violacao: { propriedade: string }) => violacao.propriedade)).toContain(propriedade);
  });

  it('refuses a devolução or webhook body outside the schema, and a body that is not JSON', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const e2e = 'E12345678202611250807abcdefghijk';
    for (const [body, propriedade] of [
      [{ valor: '1.5' }, 'devolucao.valor'],
      [{ valor: '1.50', natureza: 'MED_FRAUDE' }, 'devolucao.natureza'],
      [{ valor: '1.50', descricao: 'd'.repeat(141) }, 'devolucao.descricao'],
    ] as const) {
      const answer = await send(`/pix/${e2e}/devolucao/D1`, { method: 'PUT', headers: auth, body });
      expect(answer).toMatchObject({ status: 400, json: { type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida' } });
      expect(answer.json.violacoes[0].propriedade).toBe(propriedade);
    }
    const badId = await send(`/pix/${e2e}/devolucao/not-alnum`, { method: 'PUT', headers: auth, body: { valor: '1.00' } });
    expect(badId.json.violacoes[0].propriedade).toBe('id');
    const http = await send(`/webhook/${CHAVE}`, {
      method: 'PUT',
      headers: auth,
      body: { webhookUrl: 'http://example.com/hook' },
    });
    expect(http).toMatchObject({ status: 400, json: { type: 'https://pix.bcb.gov.br/api/v2/error/WebhookOperacaoInvalida' } });
    const notJson = await send(`/cob/${TXID}`, { method: 'PUT', headers: auth, body: '{"valor":' });
    expect(notJson.status).toBe(400);
  });

  it('accepts a valid charge once, with a BR Code our parser reads, and refuses the same txid twice', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const created = await send(`/cob/${TXID}`, { method: 'PUT', headers: auth, body: validCob });
    expect(created).toMatchObject({
      status: 201,
      json: { txid: TXID, status: 'ATIVA', revisao: 0, valor: { original: '10.00' } },
    });
    expect(parseBrCode(created.json.pixCopiaECola).dynamic?.location).toBe(created.json.location);
    const again = await send(`/cob/${TXID}`, { method: 'PUT', headers: auth, body: validCob });
    expect(again.status).toBe(400);
  });
});

describe('cobv (charges with a due date), as CobVSolicitada and CobVRevisada say', () => {
  const COBV_TXID = 'b1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
  const validCobv = {
    calendario: { dataDeVencimento: '2030-12-31', validadeAposVencimento: 30 },
    devedor: { cpf: '12345678909', nome: 'João Souza' },
    valor: { original: '150.00', multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 3, valorPerc: '1.00' } },
    chave: CHAVE,
  };

  it.each([
    ['no dataDeVencimento', { ...validCobv, calendario: { validadeAposVencimento: 30 } }, 'cobv.calendario.dataDeVencimento'],
    [
      'a date that is not a date',
      { ...validCobv, calendario: { dataDeVencimento: '2030-02-30' } },
      'cobv.calendario.dataDeVencimento',
    ],
    ['a valor as a number', { ...validCobv, valor: { original: 150 } }, 'cobv.valor.original'],
    ['no devedor', { ...validCobv, devedor: undefined }, 'cobv.devedor'],
    [
      'a multa modalidade 3',
      { ...validCobv, valor: { original: '1.00', multa: { modalidade: 3, valorPerc: '2.00' } } },
      'cobv.valor.multa.modalidade',
    ],
    [
      'an expiracao (a cob field)',
      { ...validCobv, calendario: { dataDeVencimento: '2030-12-31', expiracao: 60 } },
      'cobv.calendario.expiracao',
    ],
  ])('PUT /cobv/{txid} with %s → 400 CobVOperacaoInvalida naming %s', async (_name, body, propriedade) => {
    const answer = await send(`/cobv/${COBV_TXID}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await token()}` },
      body,
    });
    expect(answer).toMatchObject({ status: 400, json: { type: 'https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida' } });
    expect(answer.json.violacoes.map((violacao: { propriedade: string }) => violacao.propriedade)).toContain(propriedade);
    expect(psp.ledger.cobvs.has(COBV_TXID)).toBe(false);
  });

  it('creates one with its loc, reads it back, removes it once (a removed one is not revised again), needs the cobv scopes', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    expect((await send(`/cobv/${COBV_TXID}`, { headers: { authorization: `Bearer ${await token('cob.read')}` } })).status).toBe(
      403,
    );
    const created = await send(`/cobv/${COBV_TXID}`, { method: 'PUT', headers: auth, body: validCobv });
    expect(created).toMatchObject({
      status: 201,
      json: { txid: COBV_TXID, status: 'ATIVA', revisao: 0, loc: { tipoCob: 'cobv' }, calendario: validCobv.calendario },
    });
    expect(parseBrCode(created.json.pixCopiaECola).dynamic?.location).toBe(created.json.loc.location);
    expect((await send(`/cobv/${COBV_TXID}`, { method: 'PUT', headers: auth, body: validCobv })).status).toBe(400);
    expect((await send(`/cobv/${COBV_TXID}`, { headers: auth })).json.valor.original).toBe('150.00');
    const badPatch = await send(`/cobv/${COBV_TXID}`, { method: 'PATCH', headers: auth, body: { status: 'CONCLUIDA' } });
    expect(badPatch.json.violacoes[0].propriedade).toBe('cobv.status');
    const remove = { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' };
    const removed = await send(`/cobv/${COBV_TXID}`, { method: 'PATCH', headers: auth, body: remove });
    expect(removed).toMatchObject({ status: 200, json: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 } });
    expect((await send(`/cobv/${COBV_TXID}`, { method: 'PATCH', headers: auth, body: remove })).status).toBe(400);
    expect(() => psp.ledger.pay(COBV_TXID)).toThrow(/No active charge/);
    expect((await send(`/cobv/${'c'.repeat(32)}`, { method: 'PATCH', headers: auth, body: remove })).status).toBe(404);
  });
});
