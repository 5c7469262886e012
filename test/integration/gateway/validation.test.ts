import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '../../support/api-event';
import { boletoBody, call, cardBody, expectNoCardData, newMerchant } from '../../support/gateway';
import { testStack } from '../../support/stack';

const { env, logFile } = testStack();
let token: string;

beforeAll(async () => {
  token = (await newMerchant('loja_sem_autenticacao')).token;
});

const card = (pagamento: object, pedido: object = {}) => cardBody(token, { pagamento, pedido });

describe('every validation rule answers 400 with erro naming the field', () => {
  const cases: [string, () => unknown, string, RegExp][] = [
    ['total without two decimals', () => card({}, { total: '10' }), '003', /transacao\.pedido\.total/],
    ['total with a comma', () => card({}, { total: '10,00' }), '003', /transacao\.pedido\.total/],
    ['total of zero', () => card({}, { total: '0.00' }), '003', /transacao\.pedido\.total/],
    ['missing total', () => card({}, { total: undefined }), '003', /transacao\.pedido\.total/],
    ['currency other than real', () => card({}, { moeda: 'dolar' }), '003', /transacao\.pedido\.moeda/],
    ['unknown payment method', () => card({ meio_pagamento: 'bitcoin' }), '004', /meio_pagamento/],
    ['card failing Luhn', () => card({ cartao_numero: '4242424242424241' }), '003', /cartao_numero/],
    ['brand not matching the number', () => card({ bandeira: 'mastercard' }), '003', /bandeira/],
    ['unknown brand', () => card({ bandeira: 'amex' }), '003', /bandeira/],
    ['expired card', () => card({ cartao_validade: '012020' }), '003', /cartao_validade/],
    ['expiry not MMYYYY', () => card({ cartao_validade: '13/2030' }), '003', /cartao_validade/],
    ['CVV of the wrong length', () => card({ cartao_cvv: '1234' }), '003', /cartao_cvv/],
    ['missing CVV', () => card({ cartao_cvv: undefined }), '003', /cartao_cvv/],
    ['13 instalments', () => card({ parcelas: 13, tipo_operacao: 'parcelado_loja' }), '003', /parcelas/],
    ['instalments on credito_a_vista', () => card({ parcelas: '3' }), '003', /parcelas/],
    ['parcelado with 1 instalment', () => card({ parcelas: 1, tipo_operacao: 'parcelado_administradora' }), '003', /parcelas/],
    ['unknown tipo_operacao', () => card({ tipo_operacao: 'fiado' }), '003', /tipo_operacao/],
    ['due date on a card payment', () => card({ data_vencimento: '01012030' }), '003', /data_vencimento/],
    ['boleto due date that is not a date', () => boletoBody(token, 'boleto_bankA', '31022030'), '003', /data_vencimento/],
    ['boleto due date in the past', () => boletoBody(token, 'boleto_bankA', '01012020'), '003', /data_vencimento/],
    [
      'boleto due date missing',
      () => {
        const body = boletoBody(token);
        delete (body.transacao.pagamento as { data_vencimento?: string }).data_vencimento;
        return body;
      },
      '003',
      /data_vencimento/,
    ],
    [
      'boleto without the payer document',
      () => {
        const body = boletoBody(token);
        delete (body.transacao.comprador as { documento?: string }).documento;
        return body;
      },
      '003',
      /comprador\.documento/,
    ],
    [
      'cep with 7 digits',
      () => ({ ...card({}), transacao: { ...card({}).transacao, comprador: { cep: '1234567' } } }),
      '003',
      /cep/,
    ],
    ['capturar neither boolean nor "true"/"false"', () => cardBody(token, { transacao: { capturar: 'yes' } }), '003', /capturar/],
    ['transacao missing', () => ({ token }), '003', /transacao/],
    ['transacao not an object', () => ({ token, transacao: 'x' }), '003', /transacao/],
    [
      'a card number in the description',
      () => card({}, { descricao: 'cartão 4242 4242 4242 4242' }),
      '003',
      /transacao\.pedido\.descricao/,
    ],
    [
      'a card number in the buyer name',
      () => ({ ...card({}), transacao: { ...card({}).transacao, comprador: { nome: '4111111111111111' } } }),
      '003',
      /transacao\.comprador\.nome/,
    ],
  ];

  it.each(cases)('%s', async (_name, body, codigo, field) => {
    const reply = await call('POST', '/v1/transacao', body());
    expect(reply.status).toBe(400);
    expect(reply.body.transacao.erro.codigo).toBe(codigo);
    expect(reply.body.transacao.erro.mensagem).toMatch(field);
    expect(JSON.stringify(reply.body)).not.toMatch(/4242424242424241|at \/|Error:/);
  });

  it('answers malformed JSON with 400 (005), whatever the Content-Type', async () => {
    for (const contentType of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
      const reply = await call('POST', '/v1/transacao', `{"token":"${token}","transacao":{`, { 'content-type': contentType });
      expect(reply.status).toBe(400);
      expect(reply.body.transacao.erro.codigo).toBe('005');
    }
  });
});

describe('random bodies (fast-check, straight into the handler against the real DynamoDB)', () => {
  it('never get a 5xx or a stack trace, only 201 or a 4xx with an erro', async () => {
    Object.assign(process.env, env, { LOG_LEVEL: 'SILENT' });
    const { handler } = await import('../../../functions/gateway/create-transaction');
    const valid = card({});
    const fieldValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        '10.00',
        '0.01',
        '4242424242424242',
        '122030',
        '31122030',
        'visa',
        'boleto_bankA',
        'acquirerA',
        'bankA_shopline',
        'true',
      ),
      fc.jsonValue(),
    );
    const mutatedValid = fc
      .tuple(
        fc.constantFrom('pedido', 'pagamento', 'comprador'),
        fc.constantFrom(
          'numero',
          'total',
          'moeda',
          'meio_pagamento',
          'bandeira',
          'cartao_numero',
          'cartao_cvv',
          'cartao_validade',
          'parcelas',
          'tipo_operacao',
          'data_vencimento',
          'cep',
          'nome',
          'url_retorno',
        ),
        fieldValue,
      )
      .map(([group, field, value]) => {
        const body = structuredClone(valid) as any;
        body.transacao[group] = { ...body.transacao[group], [field]: value };
        return JSON.stringify(body);
      });
    const arbitraryBody = fc.oneof(
      mutatedValid,
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(arbitraryBody, fc.boolean(), async (text, base64) => {
        const event = apiEvent({
          httpMethod: 'POST',
          path: '/v1/transacao',
          body: base64 ? Buffer.from(text).toString('base64') : text,
          isBase64Encoded: base64,
          headers: { host: '127.0.0.1' },
        });
        const response = await handler(event, lambdaContext());
        expect(response.statusCode).toBeLessThan(500);
        const parsed = JSON.parse(response.body);
        if (response.statusCode !== 201) expect(parsed.transacao.erro.codigo).toMatch(/^\d{3}$/);
        expect(response.body).not.toMatch(/\n\s+at |Error:/);
      }),
      { numRuns: 1500 },
    );
  }, 180_000);
});

describe('card data', () => {
  it('is not stored or logged by the validation paths either', async () => {
    await expectNoCardData(['4242424242424241', '4242424242424242'], logFile);
  });
});
