import { parsePix } from 'pix-utils';
import { computeCRC } from 'pix-utils/dist/main/crc';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../../../lib/gateway/pix/br-code';
import { call, newMerchant } from '../../../support/gateway';
import { PIX_DETALHES_KEYS, PIX_VIEW_KEYS, pixBody } from '../../../support/pix';
import { testStack } from '../../../support/stack';

const { baseUrl } = testStack();
let token: string;

beforeAll(async () => {
  token = (await newMerchant()).token;
});

describe('POST /v1/transacao with meio_pagamento pix (DESIGN §7.5)', () => {
  it('answers 201 aguardando_pagamento with url_acesso and detalhes {txid, br_code, expira_em, e2eid, data_pagamento}', async () => {
    const before = Date.now();
    const created = await call('POST', '/v1/transacao', pixBody(token));
    expect(created.status).toBe(201);
    const transacao = created.body.transacao;
    expect(Object.keys(transacao)).toEqual(PIX_VIEW_KEYS);
    expect(transacao).toMatchObject({ status: 'aguardando_pagamento', meio_pagamento: 'pix', total: '123.45', erro: null });
    expect(transacao.url_acesso).toMatch(new RegExp(`^${baseUrl}/v1/pix/[0-9a-f-]{36}$`));
    expect(Object.keys(transacao.detalhes)).toEqual(PIX_DETALHES_KEYS);
    const { txid, br_code: brCode, expira_em: expiraEm, e2eid, data_pagamento: paidAt } = transacao.detalhes;
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(e2eid).toBeNull();
    expect(paidAt).toBeNull();
    // Default expiry: one hour from creation.
    const expiresIn = Date.parse(expiraEm) - before;
    expect(expiresIn).toBeGreaterThan(3599_000);
    expect(expiresIn).toBeLessThan(3600_000 + 30_000);

    // The BR Code: read back by an independent decoder (pix-utils), CRC right, location on this service, no scheme.
    const host = baseUrl.replace(/^https?:\/\//, '');
    const pix = parsePix(brCode) as unknown as Record<string, unknown>;
    expect(pix).toMatchObject({ type: 'DYNAMIC', merchantCategoryCode: '0000', transactionCurrency: '986', countryCode: 'BR' });
    expect(String(pix.url)).toMatch(new RegExp(`^${host.replaceAll('.', '\\.')}/v1/pix/loc/[a-zA-Z0-9]{25}$`));
    expect(computeCRC(brCode.slice(0, -4))).toBe(brCode.slice(-4));
    const ours = parseBrCode(brCode);
    expect(ours.fields['54']).toBe('123.45');
    expect(ours.fields['01']).toBe('12');
  });

  it('takes expiracao (seconds) and consult returns the same transaction', async () => {
    const created = await call('POST', '/v1/transacao', pixBody(token, { expiracao: 86400 }));
    expect(created.status).toBe(201);
    const { id, detalhes } = created.body.transacao;
    expect(Date.parse(detalhes.expira_em) - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    const consulted = await call('GET', `/v1/transacao/${id}?token=${token}`);
    expect(consulted.status).toBe(200);
    expect(consulted.body).toEqual(created.body);
  });

  it('refuses a bad expiracao and card terms with 400 in the erro envelope, and stores nothing', async () => {
    const shop = await newMerchant();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ expiracao: 59 }, /transacao\.pagamento\.expiracao/],
      [{ expiracao: 86401 }, /transacao\.pagamento\.expiracao/],
      [{ expiracao: 'x' }, /transacao\.pagamento\.expiracao/],
      [{ expiracao: 600.5 }, /transacao\.pagamento\.expiracao/],
      [{ cartao_numero: '4242424242424242' }, /transacao\.pagamento\.cartao_numero/],
      [{ bandeira: 'visa' }, /transacao\.pagamento\.bandeira/],
      [{ cartao_cvv: '123' }, /transacao\.pagamento\.cartao_cvv/],
      [{ cartao_validade: '122030' }, /transacao\.pagamento\.cartao_validade/],
      [{ parcelas: 2 }, /transacao\.pagamento\.parcelas/],
      [{ tipo_operacao: 'debito' }, /transacao\.pagamento\.tipo_operacao/],
    ];
    for (const [pagamento, field] of cases) {
      const reply = await call('POST', '/v1/transacao', pixBody(shop.token, pagamento));
      expect(reply.status, JSON.stringify(pagamento)).toBe(400);
      expect(reply.body.transacao.erro.codigo).toBe('003');
      expect(reply.body.transacao.erro.mensagem).toMatch(field);
      expect(JSON.stringify(reply.body)).not.toContain('4242424242424242');
    }
    const list = await call('GET', `/v1/transacao?token=${shop.token}`);
    expect((list.body as unknown as { transacoes: unknown[] }).transacoes).toEqual([]);
  });

  it('refuses expiracao on other methods', async () => {
    const reply = await call('POST', '/v1/transacao', {
      ...pixBody(token, { meio_pagamento: 'boleto_bankA', data_vencimento: '31122030', expiracao: 600 }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.transacao.erro.mensagem).toMatch(/expiracao/);
  });
});
