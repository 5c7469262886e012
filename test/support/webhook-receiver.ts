import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpPushSender } from '../../lib/delivery/push-sender';
import { createWebhookDelivery } from '../../lib/gateway/gateway-wiring';
import { deliverDueWebhooks } from '../../lib/gateway/webhooks/deliver-webhooks';
import { testStack } from './stack';

const { baseUrl, stage } = testStack();

export interface ReceivedWebhook {
  /** The `Gateway-Signature` header. */
  signature: string;
  raw: string;
  event: { id: string; tipo: string; transacao: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A merchant's webhook URL on 127.0.0.1: records every delivery, answers 204. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ signature: String(request.headers['gateway-signature']), raw, event: JSON.parse(raw) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** POST /v1/webhooks: the endpoint's id and its signing secret (shown once). */
export async function registerWebhook(token: string, url: string): Promise<{ id: string; segredo: string }> {
  const response = await fetch(`${baseUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, url }),
  });
  if (response.status !== 201) throw new Error(`webhook registration answered ${response.status}`);
  return (await response.json()).webhook;
}

/** Runs delivery passes, as `npm start`'s loop does, until `done()` holds (private addresses allowed: the receiver is local). */
export async function pumpWebhooks(done: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deps = {
    ...createWebhookDelivery(stage.clients, stage.names, { ...stage.config, webhookAllowPrivate: true }),
    sender: new HttpPushSender({ allowPrivate: true, timeoutMs: 2000 }),
    retryBaseSeconds: 1,
  };
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('webhook delivery did not happen in time');
    await deliverDueWebhooks(deps);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `Gateway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. */
export function hasValidSignature(delivery: ReceivedWebhook, secret: string, now = Date.now()): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature) ?? [];
  if (!t || !v1 || Math.abs(Number(t) - now / 1000) > 300) return false;
  return v1 === createHmac('sha256', secret).update(`${t}.${delivery.raw}`).digest('hex');
}
