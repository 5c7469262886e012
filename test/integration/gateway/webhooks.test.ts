import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPushSender } from '../../../lib/delivery/push-sender';
import { createWebhookDelivery } from '../../../lib/gateway/gateway-wiring';
import { type DeliveryDependencies, deliverDueWebhooks } from '../../../lib/gateway/webhooks/deliver-webhooks';
import { DynamoOutboxStore } from '../../../lib/gateway/webhooks/dynamo-outbox-store';
import { DynamoWebhookEndpointStore } from '../../../lib/gateway/webhooks/dynamo-webhook-endpoint-store';
import type { Delivery } from '../../../lib/gateway/webhooks/ports';
import { AdminClient, csrfOf, newAdminUser } from '../../support/admin/admin-client';
import { boletoBody, call, cardBody, newMerchant, redirectBody } from '../../support/gateway';
import { getPage, inputValue, postForm } from '../../support/pages';
import { testStack } from '../../support/stack';

const { baseUrl, stage } = testStack();
const outbox = new DynamoOutboxStore(stage.clients.documents, stage.names.gatewayTable);
const endpoints = new DynamoWebhookEndpointStore(stage.clients.documents, stage.names.gatewayTable);

interface Received {
  path: string;
  signature: string;
  contentType: string;
  raw: string;
  at: number;
}
const received: Received[] = [];
/** Per path: how the receiver answers the n-th request (1-based) to it. */
const behaviour = new Map<string, (n: number) => 'ok' | 'fail' | 'hang'>();
const counts = new Map<string, number>();
let server: Server;
let receiverUrl: string;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const mode = behaviour.get(path)?.(n) ?? 'ok';
      if (mode === 'hang') return; // never answers: the sender's timeout must end it
      received.push({
        path,
        signature: String(request.headers['gateway-signature']),
        contentType: String(request.headers['content-type']),
        raw: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      response.writeHead(mode === 'ok' ? 204 : 500).end(mode === 'ok' ? '' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A delivery worker as `npm start` wires it, with test-sized retry delays and timeout. */
function worker(options: { retryBaseSeconds?: number; timeoutMs?: number } = {}): DeliveryDependencies {
  const deps = createWebhookDelivery(stage.clients, stage.names, { ...stage.config, webhookAllowPrivate: true });
  return {
    ...deps,
    retryBaseSeconds: options.retryBaseSeconds ?? 1,
    sender: new HttpPushSender({ allowPrivate: true, timeoutMs: options.timeoutMs ?? 2000 }),
    leaseSeconds: 5,
  };
}

/** Runs delivery passes until `done()` holds. */
async function pump(deps: DeliveryDependencies, done: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('delivery did not happen in time');
    await deliverDueWebhooks(deps);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function register(token: string, path: string): Promise<{ id: string; segredo: string }> {
  const response = await fetch(`${baseUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, url: `${receiverUrl}${path}` }),
  });
  expect(response.status).toBe(201);
  return (await response.json()).webhook;
}

const eventsAt = (path: string) => received.filter((r) => r.path === path).map((r) => JSON.parse(r.raw));

async function deliveriesOf(merchantId: string): Promise<Delivery[]> {
  return (await outbox.listDeliveries(merchantId, 100)).deliveries;
}

describe('webhook endpoints by API (DESIGN §7.2)', () => {
  it('register shows the secret once; list never; delete removes; errors are in the erro envelope', async () => {
    const shop = await newMerchant();
    const other = await newMerchant();
    const hook = await register(shop.token, '/api-crud');
    expect(hook.id).toMatch(/^wh_/);
    expect(hook.segredo).toMatch(/^whsec_/);
    const listed = await (await fetch(`${baseUrl}/v1/webhooks?token=${shop.token}`)).json();
    expect(listed.webhooks).toEqual([{ id: hook.id, url: `${receiverUrl}/api-crud`, criado_em: expect.any(String) }]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    expect((await (await fetch(`${baseUrl}/v1/webhooks?token=${other.token}`)).json()).webhooks).toEqual([]);

    const bad = await fetch(`${baseUrl}/v1/webhooks`, {
      method: 'POST',
      body: JSON.stringify({ token: shop.token, url: 'ftp://example.com/x' }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).transacao.erro.codigo).toBe('003');
    const noToken = await fetch(`${baseUrl}/v1/webhooks`, { method: 'POST', body: JSON.stringify({ url: receiverUrl }) });
    expect(noToken.status).toBe(401);

    const foreign = await fetch(`${baseUrl}/v1/webhooks/${hook.id}?token=${other.token}`, { method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).transacao.erro.codigo).toBe('006');
    const removed = await fetch(`${baseUrl}/v1/webhooks/${hook.id}?token=${shop.token}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await removed.json()).webhook.id).toBe(hook.id);
    expect((await (await fetch(`${baseUrl}/v1/webhooks?token=${shop.token}`)).json()).webhooks).toEqual([]);
  });
});

describe('events, signed and in causal order', () => {
  it('create → capture → estornar, a declined card and a boleto: every status, in order, validly signed', async () => {
    const shop = await newMerchant();
    const hook = await register(shop.token, '/causal');
    const created = await call('POST', '/v1/transacao', cardBody(shop.token, { transacao: { capturar: 'false' } }));
    const id = created.body.transacao.id;
    const captured = await call('POST', `/v1/transacao/${id}/capturar`, { token: shop.token });
    const refunded = await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token });
    const declined = await call(
      'POST',
      '/v1/transacao',
      cardBody(shop.token, { pagamento: { cartao_numero: '4000000000000002' } }),
    );
    const boleto = await call('POST', '/v1/transacao', boletoBody(shop.token));

    await pump(worker(), () => eventsAt('/causal').length >= 6);
    const events = eventsAt('/causal');
    expect(events).toHaveLength(6);
    expect(events.map((e) => [e.transacao.id, e.tipo])).toEqual([
      [id, 'transacao.aguardando_pagamento'],
      [id, 'transacao.paga'],
      [id, 'transacao.estorno'],
      [id, 'transacao.cancelada'],
      [declined.body.transacao.id, 'transacao.negada'],
      [boleto.body.transacao.id, 'transacao.aguardando_pagamento'],
    ]);
    // Each event carries the transaction exactly as the API answered at that moment.
    expect(events[0].transacao).toEqual(created.body.transacao);
    expect(events[1].transacao).toEqual(captured.body.transacao);
    expect(events[2].transacao).toEqual(refunded.body.transacao);
    expect(events[3].transacao).toEqual(refunded.body.transacao);
    expect(events[4].transacao).toEqual(declined.body.transacao);
    expect(events[5].transacao).toEqual(boleto.body.transacao);
    expect(new Set(events.map((e) => e.id)).size).toBe(6);

    for (const delivery of received.filter((r) => r.path === '/causal')) {
      const event = JSON.parse(delivery.raw);
      expect(event.id).toMatch(/^evt_/);
      expect(Number.isNaN(Date.parse(event.criado_em))).toBe(false);
      expect(delivery.contentType).toBe('application/json');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature);
      expect(match, delivery.signature).not.toBeNull();
      const [, t, v1] = match as RegExpExecArray;
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
      expect(v1).toBe(createHmac('sha256', hook.segredo).update(`${t}.${delivery.raw}`).digest('hex'));
      expect(delivery.raw).not.toContain('4242424242424242');
      expect(delivery.raw).not.toContain('4000000000000002');
    }
    const deliveries = await deliveriesOf(shop.id);
    expect(deliveries.every((d) => d.state === 'delivered' && d.attempts.length === 1)).toBe(true);
    expect(deliveries[0]?.attempts[0]).toMatchObject({ n: 1, status: 204, outcome: 'delivered', manual: false });
  });

  it('one signed transacao.estorno per refund, as the API answered it; transacao.cancelada after the last (issue 22)', async () => {
    const shop = await newMerchant();
    const hook = await register(shop.token, '/refunds');
    const created = await call('POST', '/v1/transacao', cardBody(shop.token, { pedido: { total: '30.00' } }));
    const id = created.body.transacao.id;
    const replies = [];
    for (const valor of ['10.00', '5.50', undefined]) {
      replies.push(await call('POST', `/v1/transacao/${id}/estornar`, { token: shop.token, ...(valor ? { valor } : {}) }));
    }
    expect(replies.map((r) => r.body.transacao.valor_estornado)).toEqual(['10.00', '15.50', '30.00']);
    await pump(worker(), () => eventsAt('/refunds').length >= 5);
    const events = eventsAt('/refunds');
    expect(events.map((e) => e.tipo)).toEqual([
      'transacao.paga',
      'transacao.estorno',
      'transacao.estorno',
      'transacao.estorno',
      'transacao.cancelada',
    ]);
    expect(events.slice(1, 4).map((e) => e.transacao)).toEqual(replies.map((r) => r.body.transacao));
    expect(events[4].transacao).toEqual(replies[2]?.body.transacao);
    for (const delivery of received.filter((r) => r.path === '/refunds')) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature) as RegExpExecArray;
      expect(v1).toBe(createHmac('sha256', hook.segredo).update(`${t}.${delivery.raw}`).digest('hex'));
    }
  });

  it('hosted pages and the admin UI emit their status changes too', async () => {
    const shop = await newMerchant('buy_page_acquirerA');
    await register(shop.token, '/paths');
    const page = await call('POST', '/v1/transacao', redirectBody(shop.token, 'acquirerB_web'));
    const { id: pageId, url_acesso } = page.body.transacao;
    const csrf = inputValue((await getPage(url_acesso)).html, 'csrf') as string;
    const paid = await postForm(url_acesso, {
      etapa: 'pagamento',
      csrf,
      cartao_numero: '4242 4242 4242 4242',
      cartao_validade: '08/2031',
      cartao_cvv: '321',
    });
    expect(paid.status).toBe(303);

    const card = await call('POST', '/v1/transacao', cardBody(shop.token, { transacao: { capturar: 'false' } }));
    const cardId = card.body.transacao.id;
    const admin = await newAdminUser(shop.id);
    const client = new AdminClient();
    await client.logIn(admin.email, admin.password);
    const confirm = await client.get(`/v1/admin/transactions/${cardId}/capture`);
    const captured = await client.post(`/v1/admin/transactions/${cardId}/capture`, { _csrf: csrfOf(confirm.text) });
    expect(captured.location).toBe(`/v1/admin/transactions/${cardId}?result=paga`);

    await pump(worker(), () => eventsAt('/paths').length >= 4);
    expect(eventsAt('/paths').map((e) => [e.transacao.id, e.tipo])).toEqual([
      [pageId, 'transacao.aguardando_pagamento'],
      [pageId, 'transacao.paga'],
      [cardId, 'transacao.aguardando_pagamento'],
      [cardId, 'transacao.paga'],
    ]);
  });

  it('isolation: each merchant’s endpoints get that merchant’s events only', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await register(a.token, '/iso-a');
    await register(b.token, '/iso-b');
    const ta = await call('POST', '/v1/transacao', cardBody(a.token));
    const tb = await call('POST', '/v1/transacao', cardBody(b.token));
    await pump(worker(), () => eventsAt('/iso-a').length >= 1 && eventsAt('/iso-b').length >= 1);
    expect(eventsAt('/iso-a').map((e) => e.transacao.id)).toEqual([ta.body.transacao.id]);
    expect(eventsAt('/iso-b').map((e) => e.transacao.id)).toEqual([tb.body.transacao.id]);
    expect((await deliveriesOf(a.id)).map((d) => d.transactionId)).toEqual([ta.body.transacao.id]);
  });
});

describe('retries, timeouts and durability', () => {
  it('retries a failing receiver with backoff (base, then 4×), recording every attempt', async () => {
    const shop = await newMerchant();
    await register(shop.token, '/flaky');
    behaviour.set('/flaky', (n) => (n <= 2 ? 'fail' : 'ok'));
    await call('POST', '/v1/transacao', cardBody(shop.token));
    await pump(worker({ retryBaseSeconds: 1 }), () => eventsAt('/flaky').length >= 3, 20_000);
    const [delivery] = await deliveriesOf(shop.id);
    expect(delivery?.state).toBe('delivered');
    const attempts = delivery?.attempts ?? [];
    expect(attempts.map((a) => [a.n, a.status, a.outcome])).toEqual([
      [1, 500, 'http_error'],
      [2, 500, 'http_error'],
      [3, 204, 'delivered'],
    ]);
    expect(attempts[0]?.excerpt).toBe('receiver says no');
    const gap = (i: number) => Date.parse(attempts[i]?.at ?? '') - Date.parse(attempts[i - 1]?.at ?? '');
    expect(gap(1)).toBeGreaterThanOrEqual(1000);
    expect(gap(2)).toBeGreaterThanOrEqual(4000);
    expect(gap(2)).toBeLessThan(8000);
  });

  it('a receiver that hangs is timed out and retried', async () => {
    const shop = await newMerchant();
    await register(shop.token, '/hang');
    behaviour.set('/hang', (n) => (n === 1 ? 'hang' : 'ok'));
    await call('POST', '/v1/transacao', cardBody(shop.token));
    await pump(worker({ retryBaseSeconds: 1, timeoutMs: 500 }), () => eventsAt('/hang').length >= 1, 20_000);
    const [delivery] = await deliveriesOf(shop.id);
    expect(delivery?.attempts.map((a) => a.outcome)).toEqual(['timeout', 'delivered']);
    expect(delivery?.attempts[0]?.status).toBeNull();
    expect(delivery?.attempts[0]?.durationMs).toBeGreaterThanOrEqual(450);
  });

  it('stops after 8 attempts in all, marked failed; a resend tries once more', async () => {
    const shop = await newMerchant();
    await register(shop.token, '/down');
    behaviour.set('/down', (n) => (n <= 8 ? 'fail' : 'ok'));
    await call('POST', '/v1/transacao', cardBody(shop.token));
    const deps = worker({ retryBaseSeconds: 0.001 });
    await pump(deps, async () => (await deliveriesOf(shop.id))[0]?.state === 'failed', 30_000);
    const [failed] = await deliveriesOf(shop.id);
    expect(failed?.attempts).toHaveLength(8);
    expect(counts.get('/down')).toBe(8);
    expect(await outbox.scheduleResend(shop.id, failed?.key ?? '', new Date().toISOString())).toBe(true);
    await pump(deps, async () => (await deliveriesOf(shop.id))[0]?.state === 'delivered');
    const [resent] = await deliveriesOf(shop.id);
    expect(resent?.attempts).toHaveLength(9);
    expect(resent?.attempts[8]).toMatchObject({ manual: true, outcome: 'delivered' });
  });

  it('the outbox survives a restart: state is in DynamoDB, a new worker carries on', async () => {
    const shop = await newMerchant();
    await register(shop.token, '/restart');
    behaviour.set('/restart', (n) => (n === 1 ? 'fail' : 'ok'));
    await call('POST', '/v1/transacao', cardBody(shop.token));
    // Worker 1 makes the first attempt, then "crashes" (is dropped with everything it held in memory).
    await pump(worker({ retryBaseSeconds: 1 }), async () => ((await deliveriesOf(shop.id))[0]?.attempts.length ?? 0) >= 1);
    const [between] = await deliveriesOf(shop.id);
    expect(between).toMatchObject({ state: 'pending', attempts: [{ n: 1, status: 500 }] });
    expect(Date.parse(between?.nextAttemptAt ?? '')).toBeGreaterThan(Date.parse(between?.attempts[0]?.at ?? ''));
    // An event written while no worker runs waits in the outbox too.
    const later = await call('POST', '/v1/transacao', boletoBody(shop.token));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await pump(worker({ retryBaseSeconds: 1 }), async () => {
      const deliveries = await deliveriesOf(shop.id);
      return deliveries.length === 2 && deliveries.every((d) => d.state === 'delivered');
    });
    const [newest, first] = await deliveriesOf(shop.id);
    expect(first?.attempts.map((a) => a.outcome)).toEqual(['http_error', 'delivered']);
    expect(newest?.transactionId).toBe(later.body.transacao.id);
    expect(newest?.state).toBe('delivered');
  });
});

describe('admin UI: Settings and Webhook deliveries', () => {
  it('adds an endpoint (secret shown once), lists deliveries with attempts, resends one, removes the endpoint', async () => {
    const shop = await newMerchant();
    const admin = await newAdminUser(shop.id);
    const client = new AdminClient();
    await client.logIn(admin.email, admin.password);
    const settings = await client.get('/v1/admin/settings');
    expect(settings.status).toBe(200);
    const refused = await client.post('/v1/admin/settings', {
      _csrf: csrfOf(settings.text),
      action: 'add',
      url: 'ftp://example.com/',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('https://');
    const added = await client.post('/v1/admin/settings', {
      _csrf: csrfOf(settings.text),
      action: 'add',
      url: `${receiverUrl}/admin-ui`,
    });
    expect(added.status).toBe(200);
    const secret = /<code data-secret="?[^>]*>(whsec_[\w-]+)<\/code>/.exec(added.text)?.[1];
    expect(secret).toBeDefined();
    const again = await client.get('/v1/admin/settings');
    expect(again.text).toContain(`${receiverUrl}/admin-ui`);
    expect(again.text).not.toContain(secret as string);

    behaviour.set('/admin-ui', (n) => (n === 1 ? 'fail' : 'ok'));
    const created = await call('POST', '/v1/transacao', cardBody(shop.token));
    const deps = worker({ retryBaseSeconds: 1 });
    await pump(deps, async () => (await deliveriesOf(shop.id))[0]?.state === 'delivered', 20_000);
    const signature = received.find((r) => r.path === '/admin-ui')?.signature ?? '';
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    const raw = received.find((r) => r.path === '/admin-ui')?.raw ?? '';
    expect(v1).toBe(
      createHmac('sha256', secret as string)
        .update(`${t}.${raw}`)
        .digest('hex'),
    );

    const deliveries = await client.get('/v1/admin/deliveries');
    expect(deliveries.status).toBe(200);
    expect(deliveries.text).toContain('transacao.paga');
    expect(deliveries.text).toContain(`#${created.body.transacao.id}`);
    expect(deliveries.text).toContain('receiver says no');
    expect(deliveries.text).toContain('Delivered');
    const key = /name="delivery" value="([^"]+)"/.exec(deliveries.text)?.[1]?.replace(/&#x23;|&#35;/g, '#');
    expect(key).toBeDefined();
    const resent = await client.post('/v1/admin/deliveries', { _csrf: csrfOf(deliveries.text), delivery: key as string });
    expect(resent.location).toContain('resent=1');
    await pump(deps, async () => (await deliveriesOf(shop.id))[0]?.attempts.length === 3);
    const [delivery] = await deliveriesOf(shop.id);
    expect(delivery?.attempts.map((a) => [a.outcome, a.manual])).toEqual([
      ['http_error', false],
      ['delivered', false],
      ['delivered', true],
    ]);

    const id = (await endpoints.list(shop.id))[0]?.id as string;
    const removed = await client.post('/v1/admin/settings', { _csrf: csrfOf(again.text), action: 'remove', id });
    expect(removed.status).toBe(303);
    expect(await endpoints.list(shop.id)).toEqual([]);
    const activity = await client.get('/v1/admin/activity');
    expect(activity.text).toContain('Webhook added');
    expect(activity.text).toContain('Webhook delivery resent');
  });
});
