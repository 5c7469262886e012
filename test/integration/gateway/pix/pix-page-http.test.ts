import { beforeAll, describe, expect, it } from 'vitest';
import { boletoBody, call, newMerchant } from '../../../support/gateway';
import { getPage, inputValue, postForm } from '../../../support/pages';
import { pixBody } from '../../../support/pix';
import { testStack } from '../../../support/stack';

const { baseUrl } = testStack();
let token: string;

beforeAll(async () => {
  token = (await newMerchant()).token;
});

async function createPix(transacao: Record<string, unknown> = {}) {
  const body = pixBody(token);
  const created = await call('POST', '/v1/transacao', { ...body, transacao: { ...body.transacao, ...transacao } });
  expect(created.status).toBe(201);
  return created.body.transacao as { id: number; url_acesso: string; detalhes: { br_code: string; expira_em: string } };
}

describe('the hosted Pix page over HTTP (GET /v1/pix/{uuid}, /status, /pix-page.js)', () => {
  it('serves the page with the QR code, the copia e cola text and the script allowed by a fresh CSP nonce', async () => {
    const { url_acesso, detalhes } = await createPix({ url_retorno: 'https://loja.example/volta?pedido=9' });
    const uuid = url_acesso.split('/').pop() as string;
    const first = await getPage(url_acesso);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.html).toMatch(/<svg [^>]*role="img"/);
    expect(first.html).toContain(`>${detalhes.br_code}</textarea>`);
    expect(first.html).toContain(`<time datetime="${detalhes.expira_em}">`);
    expect(first.html).toContain(`data-status-url="${uuid}/status"`);
    expect(first.html).toMatch(/data-return-url="https:\/\/loja\.example\/volta\?pedido=9&amp;transacao=\d+"/);
    const csp = first.headers.get('content-security-policy') as string;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(first.html).toContain(`<script src="pix-page.js" nonce="${nonce}"></script>`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("form-action 'self' https://loja.example;");
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('cache-control')).toBe('no-store');
    // The sandbox shows its button.
    expect(first.html).toContain('Simular pagamento (sandbox)');
    const second = await getPage(url_acesso);
    expect(/script-src 'nonce-([^']+)'/.exec(second.headers.get('content-security-policy') as string)?.[1]).not.toBe(nonce);
  });

  it('answers the page’s polling with {"status"}, never cached, and serves the script as JavaScript', async () => {
    const { url_acesso } = await createPix();
    const status = await fetch(`${url_acesso}/status`);
    expect(status.status).toBe(200);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(await status.json()).toEqual({ status: 'aguardando_pagamento' });
    const script = await fetch(`${baseUrl}/v1/pix/pix-page.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('data-pix-page');
  });

  it('an unknown or malformed uuid, or another method’s uuid, is the calm 404 page (JSON 404 for the status)', async () => {
    const boleto = await call('POST', '/v1/transacao', boletoBody(token));
    const boletoUuid = (boleto.body.transacao.url_acesso as string).split('/').pop();
    for (const uuid of ['0b5e1c9a-3f1e-4a57-9d1e-2f9a1b7c4d10', 'not-a-uuid', boletoUuid]) {
      const page = await getPage(`/v1/pix/${uuid}`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.html).toContain('Página não encontrada');
      const status = await fetch(`${baseUrl}/v1/pix/${uuid}/status`);
      expect(status.status).toBe(404);
      expect(status.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('the sandbox button: CSRF-checked, pays once (303 to url_retorno with transacao), a second POST shows the outcome (409)', async () => {
    const { id, url_acesso } = await createPix({ url_retorno: 'https://loja.example/volta?pedido=9' });
    const csrf = inputValue((await getPage(url_acesso)).html, 'csrf') as string;
    const forged = await postForm(`${url_acesso}/simular`, { csrf: `${csrf}x` });
    expect(forged.status).toBe(403);
    expect(forged.html).toContain('Sessão expirada');
    const paid = await postForm(`${url_acesso}/simular`, { csrf });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://loja.example/volta?pedido=9&transacao=${id}`);
    const consulted = (await call('GET', `/v1/transacao/${id}?token=${token}`)).body.transacao;
    expect(consulted).toMatchObject({ status: 'paga', detalhes: { e2eid: expect.stringMatching(/^E\d{20}[a-zA-Z0-9]{11}$/) } });
    expect(consulted.detalhes.data_pagamento).not.toBeNull();
    const again = await postForm(`${url_acesso}/simular`, { csrf });
    expect(again.status).toBe(409);
    expect(again.html).toContain('Pagamento confirmado');
    expect((await fetch(`${url_acesso}/status`).then((r) => r.json())).status).toBe('paga');
  });

  it('two tabs simulating at once make one payment: one 303, the other the outcome (409)', async () => {
    const { url_acesso } = await createPix({ url_retorno: 'https://loja.example/volta' });
    const csrf = inputValue((await getPage(url_acesso)).html, 'csrf') as string;
    const answers = await Promise.all(Array.from({ length: 4 }, () => postForm(`${url_acesso}/simular`, { csrf })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409, 409]);
  });

  it('a wrong method on the page’s routes is 405 with Allow', async () => {
    const { url_acesso } = await createPix();
    const put = await fetch(url_acesso, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    const post = await fetch(`${url_acesso}/status`, { method: 'POST' });
    expect(post.status).toBe(405);
    const get = await fetch(`${url_acesso}/simular`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
