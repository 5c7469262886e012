/**
 * `npm run bench:webhooks [events]`: webhook delivery on the local stack (DynamoDB Local, a node:http receiver on
 * 127.0.0.1), with the same worker code the scheduled function and `npm start` run.
 * 1. Backlog: `events` transactions (4 merchants, one endpoint each) written first, then drained: events/s.
 * 2. Steady state: the worker on npm start's 1 s timer while transactions arrive ~20/s: latency from the status
 *    change (event criado_em) to the receiver, p50/p99.
 * Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import testCards from '../lib/gateway/acquirers/fixtures/sandbox-test-cards.json' with { type: 'json' };
import { createGatewayDependencies, createWebhookDelivery } from '../lib/gateway/gateway-wiring';
import { createTransaction } from '../lib/gateway/use-cases/create-transaction';
import { addWebhook } from '../lib/gateway/use-cases/webhook-endpoints';
import { deliverDueWebhooks } from '../lib/gateway/webhooks/deliver-webhooks';
import { startDeliveryTimer } from '../lib/gateway/webhooks/delivery-loop';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';

const EVENTS = Number(process.argv[2] ?? 400);
const MERCHANTS = 4;

const latencies: number[] = [];
let received = 0;
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received++;
    latencies.push(Date.now() - Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).criado_em));
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const stack = await startEphemeralStack({ name: 'bench-webhooks', withOffline: false });
try {
  const { clients, names, config } = stack.context;
  const gateway = createGatewayDependencies(clients, names, config);
  const delivery = createWebhookDelivery(clients, names, config);
  const tokens: string[] = [];
  for (let i = 0; i < MERCHANTS; i++) {
    const token = randomUUID();
    const id = `m-bench-wh-${i}`;
    await stack.context.merchants.create({ id, name: `Bench ${i}`, acquirerAMode: 'loja_sem_autenticacao', token });
    await addWebhook(gateway, id, `${receiver}/m${i}`);
    tokens.push(token);
  }
  const create = (i: number) =>
    createTransaction(gateway, {
      baseUrl: 'http://bench',
      body: {
        token: tokens[i % MERCHANTS],
        transacao: {
          capturar: 'true',
          pedido: { numero: String(i), total: '10.00', moeda: 'real' },
          pagamento: {
            meio_pagamento: 'acquirerB_ws',
            bandeira: 'visa',
            cartao_numero: testCards.approvedByBrand.visa,
            cartao_cvv: '123',
            cartao_validade: '122030',
          },
        },
      },
    });

  // 1. Backlog drain.
  for (let i = 0; i < EVENTS; i += 8) await Promise.all(Array.from({ length: Math.min(8, EVENTS - i) }, (_, j) => create(i + j)));
  const started = performance.now();
  let passes = 0;
  while (received < EVENTS) {
    await deliverDueWebhooks(delivery);
    passes++;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Backlog: ${EVENTS} events to ${MERCHANTS} endpoints delivered in ${seconds.toFixed(2)} s = ${(EVENTS / seconds).toFixed(0)} events/s (${passes} passes)`,
  );

  // 2. Steady state on npm start's timer.
  latencies.length = 0;
  received = 0;
  const timer = startDeliveryTimer(delivery, { everyMs: 1000 });
  const steady = 100;
  for (let i = 0; i < steady; i++) {
    await create(EVENTS + i);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  while (received < steady) await new Promise((resolve) => setTimeout(resolve, 100));
  await timer.stop();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  console.log(
    `Steady state (1 s timer, ~20 tx/s): latency status change → receiver p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)} ms`,
  );
} finally {
  await stack.stop();
  server.close();
}
