import { randomUUID } from 'node:crypto';
import type { StageContext } from '../../../scripts/shared/stage-context';
import { httpFrom } from '../http-from';

/** The fuzzer's client address: its failed sign-ins and throttled forms touch no other test's counters. */
export const FUZZ_ADDRESS = '127.0.0.250';

/** Real things for generated requests to aim at (valid ids, tokens, pages, a signed-in admin) besides random ones. */
export interface FuzzContext {
  baseUrl: string;
  token: string;
  transactionIds: number[];
  pageUuids: { path: string; uuid: string }[];
  admin: { email: string; password: string; cookie: string; csrf: string };
}

const CARD = { bandeira: 'visa', cartao_numero: '4242424242424242', cartao_cvv: '123', cartao_validade: '122030' };

/** A merchant with a paid, an authorised and a redirect transaction, a boleto, and an admin signed in. */
export async function prepareFuzzContext(baseUrl: string, stage: StageContext): Promise<FuzzContext> {
  const merchantId = `m-fuzz-${randomUUID().slice(0, 8)}`;
  const token = randomUUID();
  await stage.merchants.create({ id: merchantId, name: 'Fuzz Store', acquirerAMode: 'loja_sem_autenticacao', token });
  const email = `fuzz-${randomUUID().slice(0, 8)}@fuzz.test`;
  const password = `pw-${randomUUID()}`;
  await stage.merchants.createAdminUser({ merchantId, email, password });

  const create = async (transacao: object) => {
    const reply = await httpFrom(FUZZ_ADDRESS, `${baseUrl}/v1/transacao`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, transacao }),
    });
    if (reply.status !== 201) throw new Error(`fuzz setup: create answered ${reply.status} ${reply.text}`);
    return JSON.parse(reply.text).transacao as { id: number; url_acesso?: string };
  };
  const pedido = { numero: '1', total: '10.00', moeda: 'real' };
  const paid = await create({ capturar: true, pedido, pagamento: { meio_pagamento: 'acquirerB_ws', ...CARD } });
  const authorised = await create({ capturar: false, pedido, pagamento: { meio_pagamento: 'acquirerB_ws', ...CARD } });
  const redirect = await create({ url_retorno: 'https://shop.test/r', pedido, pagamento: { meio_pagamento: 'acquirerB_web' } });
  const slip = await create({
    pedido,
    pagamento: { meio_pagamento: 'boleto_bankA', data_vencimento: '01012040' },
    comprador: { nome: 'Ana', documento: '12345678909' },
  });
  const pageUuids = [redirect, slip].map((transaction) => {
    const url = new URL(String(transaction.url_acesso));
    const [, , kind = '', uuid = ''] = url.pathname.split('/');
    return { path: `/v1/${kind}`, uuid };
  });
  return {
    baseUrl,
    token,
    transactionIds: [paid.id, authorised.id, redirect.id, slip.id],
    pageUuids,
    admin: { email, password, ...(await signIn(baseUrl, email, password)) },
  };
}

async function signIn(baseUrl: string, email: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const cookieOf = (headers: Record<string, string | string[] | undefined>) =>
    [headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0] ?? '');
  const form = await httpFrom(FUZZ_ADDRESS, `${baseUrl}/v1/admin/login`);
  const preLogin = cookieOf(form.headers).join('; ');
  const loggedIn = await httpFrom(FUZZ_ADDRESS, `${baseUrl}/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: preLogin },
    body: new URLSearchParams({ _csrf: csrfOf(form.text), email, password }).toString(),
  });
  const cookie = cookieOf(loggedIn.headers).find((pair) => pair.startsWith('gw_admin_session=')) ?? '';
  const overview = await httpFrom(FUZZ_ADDRESS, `${baseUrl}/v1/admin`, { headers: { cookie } });
  if (!cookie || overview.status !== 200) throw new Error(`fuzz setup: admin sign-in failed (${loggedIn.status})`);
  return { cookie, csrf: csrfOf(overview.text) };
}

function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('fuzz setup: no CSRF token on the page');
  return match[1];
}
