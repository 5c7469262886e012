import { beforeAll, describe, expect, it } from 'vitest';
import { call, cardBody, expectNoCardData, newMerchant } from '../../support/gateway';
import { wireRequest } from '../../support/raw-wire';
import { testStack } from '../../support/stack';

const { baseUrl, logFile } = testStack();
const host = new URL(baseUrl).host;
const PAN = '4111111111111111';

let shop: { id: string; token: string };
let paidId: number;

beforeAll(async () => {
  shop = await newMerchant();
  paidId = (await call('POST', '/v1/transacao', cardBody(shop.token))).body.transacao.id;
});

const erroOf = (text: string) => JSON.parse(text).transacao.erro as { codigo: string; mensagem: string };

describe('under /v1 every answer is the gateway’s, never the storage surface’s', () => {
  it.each([
    ['DELETE', '/v1/transacao/1', 405, 'GET, HEAD'],
    ['PUT', '/v1/transacao', 405, 'GET, POST, HEAD'],
    ['POST', '/v1/health', 405, 'GET, HEAD'],
    ['GET', '/v1/webhooks/1', 405, 'DELETE'],
    ['POST', '/v1/transacao/1/nada', 404, null],
    ['GET', '/v1/nada', 404, null],
    ['GET', '/v1', 404, null],
    ['GET', '/v1/', 404, null],
  ])('%s %s → %i in the erro envelope', async (method, path, status, allow) => {
    const response = await fetch(`${baseUrl}${path}`, { method });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('allow')).toBe(allow);
    expect(erroOf(await response.text())).toEqual(
      status === 405
        ? { codigo: '010', mensagem: 'Método HTTP não permitido neste endereço; veja o cabeçalho Allow' }
        : { codigo: '006', mensagem: 'Recurso não encontrado' },
    );
  });

  it('answers a method the HTTP parser does not know (FOO) with 405 and Allow, or 404 where nothing is served', async () => {
    const known = await wireRequest({ method: 'FOO', target: '/v1/transacao/1', headers: { Host: host } });
    expect(known.status).toBe(405);
    expect(known.headers.allow).toBe('GET, HEAD');
    expect(erroOf(known.body).codigo).toBe('010');
    const unknown = await wireRequest({ method: 'FOO', target: '/v1/nada', headers: { Host: host } });
    expect(unknown.status).toBe(404);
    expect(erroOf(unknown.body).codigo).toBe('006');
  });

  it('answers unknown pages and wrong methods where a browser lands with a calm HTML page', async () => {
    const admin = await fetch(`${baseUrl}/v1/admin/nada`);
    expect(admin.status).toBe(404);
    expect(admin.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await admin.text()).toContain('There is no such transaction or page in your account.');
    const login = await fetch(`${baseUrl}/v1/admin/login`, { method: 'DELETE' });
    expect(login.status).toBe(405);
    expect(login.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(login.headers.get('content-type')).toMatch(/^text\/html/);
    const buyer = await fetch(`${baseUrl}/v1/acquirerA`);
    expect(buyer.status).toBe(404);
    expect(await buyer.text()).toContain('Página não encontrada');
    // A malformed escape is refused by the HTTP layer itself: a page there too.
    const malformed = await wireRequest({ method: 'GET', target: '/v1/admin/%E0%A4%A', headers: { Host: host } });
    expect(malformed.status).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/^text\/html/);
    expect(malformed.body).toContain('Endereço inválido');
  });

  it('still serves the real routes next to the fallback', async () => {
    const consult = await call('GET', `/v1/transacao/${paidId}?token=${shop.token}`);
    expect(consult.status).toBe(200);
    expect((await fetch(`${baseUrl}/v1/admin/login`)).status).toBe(200);
  });
});

describe('what the HTTP layer answers itself on /v1 is the erro envelope', () => {
  it('ignores Range on API answers: 200 and the whole document, never a 206 fragment', async () => {
    const whole = await fetch(`${baseUrl}/v1/transacao/${paidId}?token=${shop.token}`);
    const ranged = await fetch(`${baseUrl}/v1/transacao/${paidId}?token=${shop.token}`, { headers: { range: 'bytes=0-20' } });
    expect(ranged.status).toBe(200);
    expect(ranged.headers.get('content-range')).toBeNull();
    expect(JSON.parse(await ranged.text())).toEqual(JSON.parse(await whole.text()));
  });

  it('refuses a body over 10 MiB with 413 and code 012', async () => {
    const response = await fetch(`${baseUrl}/v1/transacao`, { method: 'POST', body: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(erroOf(await response.text())).toEqual({
      codigo: '012',
      mensagem: 'Corpo da requisição grande demais: o limite é 10 MiB',
    });
  });

  it('leaves Content-Type and cookies to the gateway, as API Gateway does: malformed ones are no HTTP-layer 400', async () => {
    const odd: Record<string, string>[] = [
      { 'content-type': 'multipart/form-data' },
      { 'content-type': ';;;' },
      { 'content-type': 'application/json', cookie: 'a=b;;; c="d' },
    ];
    for (const headers of odd) {
      const reply = await call('POST', '/v1/transacao', JSON.stringify(cardBody(shop.token)), headers);
      expect(reply.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it('answers a malformed request (a bad Content-Length) with the erro envelope, not an empty 400', async () => {
    const reply = await wireRequest({
      method: 'POST',
      target: '/v1/transacao',
      headers: { Host: host, 'Content-Length': 'abc' },
    });
    expect(reply.status).toBe(400);
    expect(erroOf(reply.body)).toEqual({ codigo: '003', mensagem: 'Requisição inválida' });
  });
});

describe('amounts and order numbers', () => {
  it('reads "010.00" as 10.00 (a decimal with a dot and two decimals) and refuses 0.00 as not greater than zero', async () => {
    const created = await call('POST', '/v1/transacao', cardBody(shop.token, { pedido: { total: '010.00' } }));
    expect(created.status).toBe(201);
    expect(created.body.transacao.total).toBe('10.00');
    const zero = await call('POST', '/v1/transacao', cardBody(shop.token, { pedido: { total: '000.00' } }));
    expect(zero.status).toBe(400);
    expect(zero.body.transacao.erro.mensagem).toBe('transacao.pedido.total: deve ser maior que zero');
  });

  it('refuses an integer numero above 2^53 - 1 (JSON would lose its digits) and keeps one below exactly', async () => {
    const body = JSON.stringify(cardBody(shop.token)).replace('"numero":"1001"', '"numero":9007199254740993');
    const refused = await call('POST', '/v1/transacao', body);
    expect(refused.status).toBe(400);
    expect(refused.body.transacao.erro.codigo).toBe('003');
    expect(refused.body.transacao.erro.mensagem).toContain('9007199254740991');
    expect(refused.body.transacao.erro.mensagem).toContain('envie-os como texto');
    const kept = await call(
      'POST',
      '/v1/transacao',
      JSON.stringify(cardBody(shop.token)).replace('"numero":"1001"', '"numero":9007199254740991'),
    );
    expect(kept.status).toBe(201);
    expect(String(kept.body.transacao.numero_pedido)).toBe('9007199254740991');
    const asText = await call('POST', '/v1/transacao', cardBody(shop.token, { pedido: { numero: '9007199254740993' } }));
    expect(asText.body.transacao.numero_pedido).toBe('9007199254740993');
  });
});

describe('no card number in any answer or log line', () => {
  it.each([
    ['a path segment', `/v1/transacao/${PAN}?token=TOKEN`],
    ['a path segment with separators', '/v1/transacao/4111-1111-1111-1111?token=TOKEN'],
    ['a query value', `/v1/transacao?token=TOKEN&status=${PAN}`],
    ['an unknown path', `/v1/x${PAN}`],
  ])('is not echoed from %s', async (_where, path) => {
    const response = await fetch(`${baseUrl}${path.replace('TOKEN', shop.token)}`);
    expect(response.status).toBeLessThan(500);
    const text = await response.text();
    expect(text.replace(/[ -]/g, '')).not.toContain(PAN);
    expect(erroOf(text).codigo).toMatch(/^\d{3}$/);
  });

  it('is not echoed from body fields, and never reaches the log (the stack names routes, not paths)', async () => {
    const reply = await call('POST', '/v1/transacao', cardBody(shop.token, { pedido: { descricao: `cartão ${PAN}` } }));
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).not.toContain(PAN);
    const list = await call('GET', `/v1/transacao?token=${shop.token}&numero_pedido=x${PAN}`);
    expect(JSON.stringify(list.body)).not.toContain(PAN);
    await expectNoCardData([PAN], logFile);
  });
});
