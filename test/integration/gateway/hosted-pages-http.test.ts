import { beforeAll, describe, expect, it } from 'vitest';
import { barcodeFromLine, decodeBarcode } from '../../../lib/gateway/boleto/febraban-code';
import { boletoBody, call, expectNoCardData, newMerchant, redirectBody } from '../../support/gateway';
import { getPage, inputValue, postForm } from '../../support/pages';
import { testStack } from '../../support/stack';

const { logFile } = testStack();
const PANS = ['4242424242424242', '4000000000000002', '5555555555554444'];
let merchant: { id: string; token: string };
let authMerchant: { id: string; token: string };

beforeAll(async () => {
  merchant = await newMerchant('buy_page_acquirerA');
  authMerchant = await newMerchant('loja_com_autenticacao');
});

async function createPage(method: string, token = merchant.token, transacao: object = {}) {
  const created = await call('POST', '/v1/transacao', redirectBody(token, method, { transacao }));
  expect(created.status).toBe(201);
  return created.body.transacao as { id: number; url_acesso: string };
}

const card = { cartao_numero: '4242 4242 4242 4242', cartao_validade: '08/2031', cartao_cvv: '321' };
const consult = async (id: number, token = merchant.token) =>
  (await call('GET', `/v1/transacao/${id}?token=${token}`)).body.transacao;

describe('hosted payment pages over HTTP', () => {
  it('answers an unknown, malformed or other-method page with a 404 page', async () => {
    const { url_acesso } = await createPage('acquirerB_web');
    const uuid = url_acesso.split('/').pop();
    for (const path of [
      '/v1/acquirerB_web/00000000-0000-4000-8000-000000000000',
      '/v1/acquirerB_web/not-a-uuid',
      `/v1/acquirerA/${uuid}`,
      `/v1/boleto/${uuid}`,
    ]) {
      const page = await getPage(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.html).toContain('Página não encontrada');
    }
  });

  it('shows store, order, description and total with strict headers, a CSRF token and labelled inputs, never the token', async () => {
    const { url_acesso } = await createPage('acquirerB_web', merchant.token, {
      pedido: { numero: '55', total: '1234.50', moeda: 'real', descricao: 'Camiseta azul' },
    });
    const page = await getPage(url_acesso);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Store ${merchant.id}`);
    expect(page.html).toContain('Camiseta azul');
    expect(page.html).toContain('R$ 1.234,50');
    expect(page.html).not.toContain(merchant.token);
    expect(inputValue(page.html, 'csrf')).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https://shop.test");
    expect(csp).not.toContain('script-src');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    for (const id of ['cartao_numero', 'cartao_validade', 'cartao_cvv']) {
      expect(page.html).toContain(`<label for="${id}">`);
      expect(page.html).toMatch(new RegExp(`<input[^>]*id="${id}"`));
    }
  });

  it('escapes <script> in descricao and nome', async () => {
    const { url_acesso } = await createPage('bankA_shopline', merchant.token, {
      pedido: { numero: '56', total: '10.00', moeda: 'real', descricao: '<script>alert("d")</script>' },
      comprador: { nome: '<script>alert(1)</script><img src=x onerror=alert(2)>' },
    });
    const page = await getPage(url_acesso);
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain('&lt;script>alert(1)&lt;/script>&lt;img src=x onerror=alert(2)>');
  });

  it('refuses a POST without a valid CSRF token, and leaves the transaction alone', async () => {
    const { id, url_acesso } = await createPage('acquirerB_web');
    const other = await createPage('acquirerB_web');
    const otherToken = inputValue((await getPage(other.url_acesso)).html, 'csrf') as string;
    for (const csrf of ['', 'forged', otherToken]) {
      const reply = await postForm(url_acesso, { etapa: 'pagamento', csrf, ...card });
      expect(reply.status).toBe(403);
      expect(reply.html).toContain('Sessão expirada');
    }
    expect((await consult(id)).status).toBe('aguardando_pagamento');
  });

  it('answers bad card input on the page, keeping the expiry but never the number or the code', async () => {
    const { id, url_acesso } = await createPage('acquirerA');
    const csrf = inputValue((await getPage(url_acesso)).html, 'csrf') as string;
    const cases = [
      { fields: { ...card, cartao_numero: '4242424242424241' }, field: 'cartao_numero' },
      { fields: { ...card, cartao_cvv: '12' }, field: 'cartao_cvv' },
      { fields: { ...card, cartao_validade: '01/2001' }, field: 'cartao_validade' },
      { fields: { ...card, cartao_numero: '' }, field: 'cartao_numero' },
      { fields: { ...card, bandeira: 'mastercard' }, field: 'bandeira' },
    ];
    for (const { fields, field } of cases) {
      const reply = await postForm(url_acesso, { etapa: 'pagamento', csrf, ...fields });
      expect(reply.status, field).toBe(400);
      expect(reply.html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="${field}"`));
      expect(reply.html).toContain(`id="${field}-erro"`);
      expect(inputValue(reply.html, 'cartao_validade')).toBe(fields.cartao_validade);
      expect(inputValue(reply.html, 'cartao_numero') ?? '').toBe('');
      expect(inputValue(reply.html, 'cartao_cvv') ?? '').toBe('');
      expect(reply.html).not.toContain('4242424242424241');
      expect(reply.html).not.toMatch(/4242 4242/);
    }
    expect((await consult(id)).status).toBe('aguardando_pagamento');
  });

  it('pays once when two tabs submit at once: one 303 to url_retorno, the others see the outcome', async () => {
    const { id, url_acesso } = await createPage('acquirerB_web');
    const tabs = await Promise.all([getPage(url_acesso), getPage(url_acesso), getPage(url_acesso), getPage(url_acesso)]);
    const replies = await Promise.all(
      tabs.map((tab) => postForm(url_acesso, { etapa: 'pagamento', csrf: inputValue(tab.html, 'csrf') as string, ...card })),
    );
    const redirects = replies.filter((reply) => reply.status === 303);
    expect(redirects).toHaveLength(1);
    expect(redirects[0]?.headers.get('location')).toBe(`https://shop.test/retorno?pedido=55&transacao=${id}`);
    for (const reply of replies.filter((r) => r.status !== 303)) {
      expect(reply.status).toBe(409);
      expect(reply.html).toContain('já tinha sido enviado');
      expect(reply.html).toContain('Pagamento aprovado');
      expect(reply.html).toContain(`transacao=${id}`);
    }
    expect(await consult(id)).toMatchObject({ status: 'paga' });
    const again = await getPage(url_acesso);
    expect(again.status).toBe(200);
    expect(again.html).toContain('Pagamento aprovado');
    expect(again.html).not.toContain('name="cartao_numero"');
  });

  it('asks for the 3-D Secure code in loja_com_autenticacao before the card', async () => {
    const { id, url_acesso } = await createPage('acquirerA', authMerchant.token);
    const challenge = await getPage(url_acesso);
    expect(challenge.html).toContain('Confirme que é você');
    expect(challenge.html).not.toContain('name="cartao_numero"');
    const csrf = inputValue(challenge.html, 'csrf') as string;
    const code = /class="code">(\d{6})</.exec(challenge.html)?.[1] as string;
    const wrong = await postForm(url_acesso, { etapa: 'autenticacao', csrf, codigo: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('Código incorreto');
    const skipped = await postForm(url_acesso, { etapa: 'pagamento', csrf, ...card });
    expect(skipped.status).toBe(400);
    expect(skipped.html).toContain('Confirme que é você');
    const cardPage = await postForm(url_acesso, { etapa: 'autenticacao', csrf, codigo: code });
    expect(cardPage.status).toBe(200);
    const paid = await postForm(url_acesso, {
      etapa: 'pagamento',
      csrf: inputValue(cardPage.html, 'csrf') as string,
      autenticacao: inputValue(cardPage.html, 'autenticacao') as string,
      ...card,
      cartao_numero: '4000000000000002',
    });
    expect(paid.status).toBe(303);
    expect(await consult(id, authMerchant.token)).toMatchObject({ status: 'negada', detalhes: { lr: '05' } });
  });

  it("lets the buyer choose debit on bankA's page, which fills detalhes.tipo_cartao", async () => {
    const { id, url_acesso } = await createPage('bankA_shopline');
    const choice = await getPage(url_acesso);
    expect(choice.html).toContain('Como você quer pagar?');
    const csrf = inputValue(choice.html, 'csrf') as string;
    const cardPage = await postForm(url_acesso, { etapa: 'escolha', csrf, forma: 'debito' });
    expect(cardPage.html).toContain('cartão de débito');
    const paid = await postForm(url_acesso, {
      etapa: 'pagamento',
      csrf,
      forma: inputValue(cardPage.html, 'forma') as string,
      ...card,
    });
    expect(paid.status).toBe(303);
    expect(await consult(id)).toMatchObject({ status: 'paga', detalhes: { tipo_pagamento: 'cartao', tipo_cartao: 'debito' } });
  });
});

describe('boleto slip over HTTP', () => {
  it('prints the line of the amount and due date, with payer and bank', async () => {
    const created = await call('POST', '/v1/transacao', boletoBody(merchant.token, 'boleto_bankB', '15012031'));
    const page = await getPage(created.body.transacao.url_acesso);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const line = /data-testid="linha-digitavel">([\d. ]+)</.exec(page.html)?.[1] as string;
    expect(decodeBarcode(barcodeFromLine(line), new Date('2031-01-01'))).toMatchObject({
      bankCode: '237',
      amountCents: 15000,
      dueDate: '2031-01-15',
    });
    for (const text of [
      'Banco B S.A.',
      '237-2',
      'João Souza',
      '123.456.789-09',
      'Rua A',
      '20040020',
      'R$ 150,00',
      '15/01/2031',
    ]) {
      expect(page.html).toContain(text);
    }
    expect(page.html).toContain('src="data:image/svg+xml;base64,');
    expect(page.html).toContain('@page{size:A4');
  });
});

describe('card data', () => {
  it('never reaches a table or the functions’ logs', async () => {
    await expectNoCardData(PANS, logFile);
  });
});
