import { beforeAll, describe, expect, it } from 'vitest';
import { boletoBody, call, cardBody, expectNoCardData, newMerchant, redirectBody } from '../../support/gateway';
import { testStack } from '../../support/stack';

const { baseUrl, logFile } = testStack();
const PANS = [
  '4242424242424242',
  '4000000000000002',
  '5555555555554444',
  '6362970000457021',
  '4111111111111113',
  '4012001037141112',
  '4012001037141161',
];
let direct: { id: string; token: string }; // acquirerA in loja_sem_autenticacao (card data)
let other: { id: string; token: string };

beforeAll(async () => {
  direct = await newMerchant('loja_sem_autenticacao');
  other = await newMerchant('loja_sem_autenticacao');
});

describe('card-data flow (acquirerB_ws, acquirerA without authentication)', () => {
  it.each([
    [
      'acquirerB_ws',
      ['numero_sequencial', 'numero_comprovante_venda', 'numero_autenticacao', 'numero_autorizacao', 'url_comprovante'],
    ],
    ['acquirerA', ['tid', 'nsu', 'pan', 'arp', 'lr']],
  ])('%s with capturar=true and an approved card → 201 paga with its detalhes and no url_acesso', async (method, keys) => {
    const reply = await call('POST', '/v1/transacao', cardBody(direct.token, { pagamento: { meio_pagamento: method } }));
    expect(reply.status).toBe(201);
    const t = reply.body.transacao;
    expect(t).toMatchObject({ status: 'paga', meio_pagamento: method, numero_pedido: 1001, total: '10.00', erro: null });
    expect(Number.isInteger(t.id)).toBe(true);
    expect(t).not.toHaveProperty('url_acesso');
    expect(Object.keys(t.detalhes)).toEqual(keys);
    if (method === 'acquirerA') expect(t.detalhes).toMatchObject({ pan: '424242******4242', lr: '00' });
    expect(JSON.stringify(reply.body)).not.toContain('4242424242424242');
  });

  it('a declined card is status negada, not an error; each brand is accepted case-insensitively', async () => {
    const declined = await call(
      'POST',
      '/v1/transacao',
      cardBody(direct.token, { pagamento: { cartao_numero: '4000000000000002' } }),
    );
    expect(declined.status).toBe(201);
    expect(declined.body.transacao).toMatchObject({ status: 'negada', erro: null });
    const master = await call(
      'POST',
      '/v1/transacao',
      cardBody(direct.token, { pagamento: { bandeira: 'MasterCard', cartao_numero: '5555555555554444' } }),
    );
    expect(master.body.transacao.status).toBe('paga');
    const elo = await call(
      'POST',
      '/v1/transacao',
      cardBody(direct.token, { pagamento: { bandeira: 'ELO', cartao_numero: '6362970000457021' } }),
    );
    expect(elo.body.transacao.status).toBe('paga');
  });

  it('capturar=false authorizes only; capturar then pays; estornar cancels; every other move is 409 with the transaction unchanged', async () => {
    const created = await call('POST', '/v1/transacao', cardBody(direct.token, { transacao: { capturar: false } }));
    expect(created.body.transacao.status).toBe('aguardando_pagamento');
    const id = created.body.transacao.id;
    const token = { token: direct.token };

    const refundEarly = await call('POST', `/v1/transacao/${id}/estornar`, token);
    expect(refundEarly.status).toBe(409);
    expect(refundEarly.body.transacao).toMatchObject({ id, status: 'aguardando_pagamento', erro: { codigo: '007' } });

    const captured = await call('POST', `/v1/transacao/${id}/capturar`, token);
    expect(captured.status).toBe(200);
    expect(captured.body.transacao).toMatchObject({ id, status: 'paga', erro: null });

    const again = await call('POST', `/v1/transacao/${id}/capturar`, token);
    expect(again.status).toBe(409);
    expect(again.body.transacao).toMatchObject({ status: 'paga', erro: { codigo: '007' } });

    const refunded = await call('POST', `/v1/transacao/${id}/estornar`, token);
    expect(refunded.status).toBe(200);
    expect(refunded.body.transacao.status).toBe('cancelada');
    expect((await call('POST', `/v1/transacao/${id}/estornar`, token)).status).toBe(409);

    const consulted = await call('GET', `/v1/transacao/${id}?token=${direct.token}`);
    expect(consulted.status).toBe(200);
    expect(consulted.body.transacao).toMatchObject({ id, status: 'cancelada', erro: null });
  });

  it('estornar of a negada is refused', async () => {
    const declined = await call(
      'POST',
      '/v1/transacao',
      cardBody(direct.token, { pagamento: { cartao_numero: '4012001037141112' } }),
    );
    const reply = await call('POST', `/v1/transacao/${declined.body.transacao.id}/estornar`, { token: direct.token });
    expect(reply.status).toBe(409);
    expect(reply.body.transacao.status).toBe('negada');
  });

  it('a total ending in .51 authorizes but fails at capture: negada', async () => {
    const created = await call(
      'POST',
      '/v1/transacao',
      cardBody(direct.token, { pedido: { total: '20.51' }, transacao: { capturar: 'false' } }),
    );
    expect(created.body.transacao.status).toBe('aguardando_pagamento');
    const captured = await call('POST', `/v1/transacao/${created.body.transacao.id}/capturar`, { token: direct.token });
    expect(captured.status).toBe(200);
    expect(captured.body.transacao.status).toBe('negada');
    const atOnce = await call('POST', '/v1/transacao', cardBody(direct.token, { pedido: { total: '20.51' } }));
    expect(atOnce.body.transacao.status).toBe('negada');
  });
});

describe('redirect flow', () => {
  it.each([
    ['acquirerB_web', 'loja_sem_autenticacao'],
    ['bankA_shopline', 'loja_sem_autenticacao'],
    ['acquirerA', 'loja_com_autenticacao'],
    ['acquirerA', 'buy_page_acquirerA'],
  ] as const)('%s (%s) → aguardando_pagamento with url_acesso {base}/v1/<method>/<uuid>', async (method, mode) => {
    const merchant = await newMerchant(mode);
    const reply = await call('POST', '/v1/transacao/', redirectBody(merchant.token, method));
    expect(reply.status).toBe(201);
    const t = reply.body.transacao;
    expect(t).toMatchObject({
      status: 'aguardando_pagamento',
      meio_pagamento: method,
      numero_pedido: 55,
      total: '25.90',
      erro: null,
    });
    expect(t.url_acesso).toMatch(new RegExp(`^${baseUrl}/v1/${method}/[0-9a-f-]{36}$`));
    if (method === 'bankA_shopline') {
      expect(t.detalhes).toEqual({
        nsu: null,
        tipo_pagamento: null,
        data_pagamento: null,
        numero_autorizacao: null,
        tipo_cartao: null,
      });
    } else {
      expect(t).not.toHaveProperty('detalhes');
    }
    const capture = await call('POST', `/v1/transacao/${t.id}/capturar`, { token: merchant.token });
    expect(capture.status).toBe(409);
    expect(capture.body.transacao.status).toBe('aguardando_pagamento');
  });

  it('needs an http(s) url_retorno (002) and refuses card data (003)', async () => {
    const merchant = await newMerchant('buy_page_acquirerA');
    const missing = redirectBody(merchant.token, 'acquirerA');
    delete (missing.transacao as { url_retorno?: string }).url_retorno;
    expect((await call('POST', '/v1/transacao', missing)).body.transacao.erro.codigo).toBe('002');
    const bad = await call(
      'POST',
      '/v1/transacao',
      redirectBody(merchant.token, 'bankA_shopline', { transacao: { url_retorno: 'javascript:alert(1)' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.transacao.erro.codigo).toBe('002');
    const withCard = redirectBody(merchant.token, 'acquirerB_web');
    Object.assign(withCard.transacao.pagamento, { cartao_numero: '4111111111111113' });
    const refused = await call('POST', '/v1/transacao', withCard);
    expect(refused.status).toBe(400);
    expect(refused.body.transacao.erro).toMatchObject({ codigo: '003' });
    expect(refused.body.transacao.erro.mensagem).toContain('cartao_numero');
  });
});

describe('boleto flow', () => {
  it.each(['boleto_bankA', 'boleto_bankB'])(
    '%s → aguardando_pagamento for ever, url_acesso to the slip, no detalhes',
    async (method) => {
      const reply = await call('POST', '/v1/transacao', boletoBody(direct.token, method));
      expect(reply.status).toBe(201);
      const t = reply.body.transacao;
      expect(Object.keys(t).sort()).toEqual([
        'erro',
        'estornos',
        'id',
        'meio_pagamento',
        'numero_pedido',
        'status',
        'total',
        'url_acesso',
        'valor_estornado',
      ]);
      expect(t.url_acesso).toMatch(new RegExp(`^${baseUrl}/v1/boleto/[0-9a-f-]{36}$`));
      for (const op of ['capturar', 'estornar']) {
        const refused = await call('POST', `/v1/transacao/${t.id}/${op}`, { token: direct.token });
        expect(refused.status).toBe(409);
        expect(refused.body.transacao.status).toBe('aguardando_pagamento');
      }
      const consulted = await call('GET', `/v1/transacao/${t.id}?token=${direct.token}`);
      expect(consulted.body.transacao).not.toHaveProperty('detalhes');
    },
  );
});

describe('authentication and isolation', () => {
  it("answers 401 (001) to a missing or unknown token and 404 (006) to another merchant's or an unknown id", async () => {
    const created = await call('POST', '/v1/transacao', cardBody(direct.token));
    const id = created.body.transacao.id;
    expect((await call('GET', `/v1/transacao/${id}`)).body.transacao.erro.codigo).toBe('001');
    const unknown = await call('GET', `/v1/transacao/${id}?token=00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(401);
    expect(unknown.body.transacao.erro.codigo).toBe('001');
    const foreign = await call('GET', `/v1/transacao/${id}?token=${other.token}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ transacao: { erro: { codigo: '006', mensagem: `Transação ${id} não encontrada` } } });
    expect((await call('POST', `/v1/transacao/${id}/estornar`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/v1/transacao/999999999?token=${direct.token}`)).status).toBe(404);
    expect((await call('GET', `/v1/transacao/12abc?token=${direct.token}`)).status).toBe(404);
    const noToken = await call('POST', '/v1/transacao', { transacao: {} });
    expect(noToken.status).toBe(401);
  });
});

describe("the original client libraries' request shapes", () => {
  it('accepts the trailing slash, a JSON body sent as form-urlencoded, and capturar as string or boolean', async () => {
    for (const capturar of ['true', true, 'false', false]) {
      const reply = await call('POST', '/v1/transacao/', JSON.stringify(cardBody(direct.token, { transacao: { capturar } })), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(reply.status).toBe(201);
      expect(reply.body.transacao.status).toBe(String(capturar) === 'true' ? 'paga' : 'aguardando_pagamento');
    }
    const noContentType = await fetch(`${baseUrl}/v1/transacao`, {
      method: 'POST',
      body: new TextEncoder().encode(JSON.stringify(cardBody(direct.token))),
    });
    expect(noContentType.status).toBe(201);
  });

  // Exactly what locaweb-gateway-php's LocawebGatewayProcessor sends for its example form (example/formulario.html has
  // no comprador.numero): every field the form lacks goes as null, or "" where the library strips it to digits.
  it('takes the PHP library\'s form path: null and "" fields as not sent (a required one still refused)', async () => {
    const phpForm = (token: string) =>
      `{"token":"${token}","transacao":{"pagamento":{"meio_pagamento":"acquirerB_ws","bandeira":"visa",` +
      `"cartao_numero":"4012001037141161","cartao_cvv":"973","cartao_validade":"082030","parcelas":"1",` +
      `"tipo_operacao":"credito_a_vista"},"comprador":{"nome":"Bruna da silva","documento":"12345678909",` +
      `"endereco":"Rua da casa 22","cep":"09710240","bairro":"Centro","numero":null,"cidade":"S\\u00e3o Paulo",` +
      `"estado":"SP"},"pedido":{"numero":"12345","total":"100.00","moeda":"real","descricao":"Something shiny!"},` +
      `"capturar":"true","url_retorno":"http:\\/\\/www.minha-loja.com.br\\/confirmacao-pedido.php?id=12345"}}`;
    const created = await call('POST', '/v1/transacao', phpForm(direct.token), { 'content-type': 'application/json' });
    expect(created.status).toBe(201);
    expect(created.body.transacao).toMatchObject({ status: 'paga', erro: null });

    // Its boleto form: card fields null, cartao_validade and cep "", and no data_vencimento (the library has no
    // field for it): refused for that, the one thing missing, and nothing stored.
    const boleto =
      `{"token":"${direct.token}","transacao":{"pagamento":{"meio_pagamento":"boleto_bankA","bandeira":null,` +
      `"cartao_numero":null,"cartao_cvv":null,"cartao_validade":""},"comprador":{"nome":"Bruna da silva",` +
      `"documento":"12345678909","endereco":null,"cep":"","bairro":null,"numero":null,"cidade":null,"estado":null},` +
      `"pedido":{"numero":"12346","total":"100.00","moeda":"real","descricao":null},"url_retorno":"http:\\/\\/x.example\\/r"}}`;
    const refused = await call('POST', '/v1/transacao', boleto, { 'content-type': 'application/json' });
    expect(refused.status).toBe(400);
    expect(refused.body.transacao.erro).toMatchObject({ codigo: '003' });
    expect(refused.body.transacao.erro.mensagem).toMatch(/^transacao\.pagamento\.data_vencimento:/);
    const listed = await call('GET', `/v1/transacao?token=${direct.token}&numero_pedido=12346`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ transacoes: [] });

    // Not a way around a required field, and capturar sent empty stays an error rather than meaning "capture".
    for (const body of [
      cardBody(direct.token, { pagamento: { cartao_cvv: null } }),
      cardBody(direct.token, { pedido: { total: '' } }),
      cardBody(direct.token, { transacao: { capturar: '' } }),
    ]) {
      const reply = await call('POST', '/v1/transacao', body);
      expect(reply.status).toBe(400);
      expect(reply.body.transacao.erro.codigo).toBe('003');
    }
  });
});

describe('concurrency', () => {
  it('30 simultaneous captures make exactly one transition; every response is consistent', async () => {
    const created = await call('POST', '/v1/transacao', cardBody(direct.token, { transacao: { capturar: 'false' } }));
    const id = created.body.transacao.id;
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => call('POST', `/v1/transacao/${id}/capturar`, { token: direct.token })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(29);
    for (const reply of replies) expect(reply.body.transacao.status).toBe('paga');
    const stored = await call('GET', `/v1/transacao/${id}?token=${direct.token}`);
    expect(stored.body.transacao.status).toBe('paga');

    const refunds = await Promise.all(
      Array.from({ length: 30 }, () => call('POST', `/v1/transacao/${id}/estornar`, { token: direct.token })),
    );
    expect(refunds.filter((r) => r.status === 200)).toHaveLength(1);
    for (const reply of refunds) expect(reply.body.transacao.status).toBe('cancelada');
  });

  it('200 simultaneous creates get 200 distinct ids', async () => {
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('POST', '/v1/transacao', cardBody(direct.token, { pedido: { numero: `c-${i}` } })),
      ),
    );
    // What was not created, with its answer, so that a failure says why.
    expect(replies.filter((r) => r.status !== 201).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(new Set(replies.map((r) => r.body.transacao.id)).size).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and request, refuses another request (009), even under a race', async () => {
    const key = `order-${Date.now()}`;
    const body = cardBody(direct.token, { pedido: { numero: 'idem-1' } });
    const first = await call('POST', '/v1/transacao', body, { 'idempotency-key': key });
    const retry = await call('POST', '/v1/transacao', body, { 'Idempotency-Key': key });
    expect(retry).toEqual(first);
    const changed = await call('POST', '/v1/transacao', cardBody(direct.token, { pedido: { numero: 'idem-2' } }), {
      'idempotency-key': key,
    });
    expect(changed.status).toBe(422);
    expect(changed.body.transacao.erro.codigo).toBe('009');

    const raceKey = `race-${Date.now()}`;
    const racers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/v1/transacao', body, { 'idempotency-key': raceKey })),
    );
    expect(new Set(racers.map((r) => r.body.transacao.id)).size).toBe(1);
    expect(racers.every((r) => r.status === 201)).toBe(true);
  });

  it('replays a capture and scopes keys per merchant', async () => {
    const created = await call('POST', '/v1/transacao', cardBody(direct.token, { transacao: { capturar: false } }));
    const id = created.body.transacao.id;
    const first = await call('POST', `/v1/transacao/${id}/capturar`, { token: direct.token }, { 'idempotency-key': 'cap-1' });
    const retry = await call('POST', `/v1/transacao/${id}/capturar`, { token: direct.token }, { 'idempotency-key': 'cap-1' });
    expect(first.status).toBe(200);
    expect(retry).toEqual(first);
    const otherMerchant = await call('POST', '/v1/transacao', cardBody(other.token), { 'idempotency-key': 'cap-1' });
    expect(otherMerchant.status).toBe(201);
  });
});

describe('card data', () => {
  it('is never stored, logged or echoed (tables and function logs scanned after the flows above)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectNoCardData(PANS, logFile);
  });
});
