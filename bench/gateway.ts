/**
 * `npm run bench:gateway`: card create, capture and consult, and Pix create and consult, through the local stack
 * (serverless offline, DynamoDB Local) with 8 concurrent clients, printing p50/p99 and ops/s; then the DynamoDB round trips
 * each operation costs, counted by an SDK middleware on the same use cases the handlers run.
 * Last, card create through a merchant's Cielo connection (the fake Cielo, production wiring) against the sandbox
 * simulator, in one run: the difference is the acquirer's time (docs/acquirers.md).
 * Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createAwsClients, resourceNames } from '../lib/aws';
import { loadServiceConfig } from '../lib/config';
import { MerchantRepository } from '../lib/gateway';
import { createMerchantAcquirers, withMerchantAcquirers } from '../lib/gateway/acquirer-wiring';
import namedTestCards from '../lib/gateway/acquirers/fixtures/sandbox-test-cards.json' with { type: 'json' };
import { SILENT_ACQUIRER_LOGGER } from '../lib/gateway/acquirers/http/acquirer-http';
import { createGatewayDependencies } from '../lib/gateway/gateway-wiring';
import { createTransaction } from '../lib/gateway/use-cases/create-transaction';
import type { GatewayDependencies } from '../lib/gateway/use-cases/dependencies';
import { getTransaction } from '../lib/gateway/use-cases/get-transaction';
import { captureTransaction } from '../lib/gateway/use-cases/settle-transaction';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';
import { cieloSecret, writeAcquirerSecret } from '../test/support/acquirer-connections';
import { FakeCielo } from '../test/support/fake-cielo';

const CLIENTS = 8;
const APPROVED_TEST_CARD = namedTestCards.approvedByBrand.visa;
const ROUNDS = Number(process.argv[2] ?? 40);

const stack = await startEphemeralStack({ name: 'bench-gateway', withOffline: true });
try {
  const token = randomUUID();
  await new MerchantRepository(stack.context.clients.documents, stack.context.names.gatewayTable).create({
    id: 'm-bench',
    name: 'Bench',
    acquirerAMode: 'loja_sem_autenticacao',
    token,
  });
  const body = (i: number) => ({
    token,
    transacao: {
      capturar: 'false',
      pedido: { numero: `b-${i}`, total: '10.00', moeda: 'real' },
      pagamento: {
        meio_pagamento: 'acquirerB_ws',
        bandeira: 'visa',
        cartao_numero: APPROVED_TEST_CARD,
        cartao_cvv: '123',
        cartao_validade: '122030',
      },
    },
  });

  const pixBody = (i: number) => ({
    token,
    transacao: { pedido: { numero: `p-${i}`, total: '10.00', moeda: 'real' }, pagamento: { meio_pagamento: 'pix' } },
  });

  await httpLoad(stack.baseUrl, token, body, pixBody);
  await roundTrips(stack.env, token, body, pixBody);
  await acquirerComparison(stack.env, body);
} finally {
  await stack.stop();
}

type Body = (i: number) => unknown;

async function httpLoad(baseUrl: string, token: string, body: Body, pixBody: Body): Promise<void> {
  const latencies: Record<'create' | 'capture' | 'consult' | 'pix create' | 'pix consult', number[]> = {
    create: [],
    capture: [],
    consult: [],
    'pix create': [],
    'pix consult': [],
  };
  const timed = async (op: keyof typeof latencies, url: string, init?: RequestInit) => {
    const started = performance.now();
    const response = await fetch(url, init);
    const json = (await response.json()) as { transacao: { id: number } };
    latencies[op].push(performance.now() - started);
    if (response.status >= 400) throw new Error(`${op} answered ${response.status}`);
    return json.transacao;
  };
  const post = (payload: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const client = async (c: number) => {
    for (let i = 0; i < ROUNDS; i++) {
      const { id } = await timed('create', `${baseUrl}/v1/transacao`, post(body(c * ROUNDS + i)));
      await timed('capture', `${baseUrl}/v1/transacao/${id}/capturar`, post({ token }));
      await timed('consult', `${baseUrl}/v1/transacao/${id}?token=${token}`);
      const pix = await timed('pix create', `${baseUrl}/v1/transacao`, post(pixBody(c * ROUNDS + i)));
      await timed('pix consult', `${baseUrl}/v1/transacao/${pix.id}?token=${token}`);
    }
  };
  await client(CLIENTS * ROUNDS); // warm-up: cold module loads and the first id block are not measured
  for (const list of Object.values(latencies)) list.length = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const seconds = (performance.now() - started) / 1000;
  console.log(`HTTP through serverless offline, ${CLIENTS} concurrent clients x ${ROUNDS} rounds (${seconds.toFixed(1)} s):`);
  for (const [op, list] of Object.entries(latencies)) {
    const sorted = [...list].sort((a, b) => a - b);
    const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
    console.log(`  ${op.padEnd(11)} p50 ${pick(0.5)} ms   p99 ${pick(0.99)} ms   ${(list.length / seconds).toFixed(0)} ops/s`);
  }
}

async function roundTrips(env: Record<string, string>, token: string, body: Body, pixBody: Body): Promise<void> {
  const config = loadServiceConfig(env);
  const clients = createAwsClients(config);
  const counted = countCalls(clients.dynamo);
  const deps = createGatewayDependencies(clients, resourceNames(config), config);
  const measure = async (label: string, work: () => Promise<unknown>, times = 1) => {
    counted.reset();
    for (let i = 0; i < times; i++) await work();
    console.log(`  ${label.padEnd(34)} ${(counted.total() / times).toFixed(2)} round trips  (${counted.summary()})`);
  };
  console.log('DynamoDB round trips per operation (same use cases as the handlers):');
  let id = 0;
  await measure('create, first in a container', async () => {
    id = (await createTransaction(deps, { body: body(-1), baseUrl: 'http://bench' })).body.transacao.id as number;
  });
  await measure(
    'create, steady state (avg of 100)',
    () => createTransaction(deps, { body: body(-2), baseUrl: 'http://bench' }),
    100,
  );
  await measure('create with Idempotency-Key', () =>
    createTransaction(deps, { body: body(-3), baseUrl: 'http://bench', idempotencyKey: randomUUID() }),
  );
  await measure('capture', () => captureTransaction(deps, { body: { token }, transactionId: id }));
  await measure('consult', () => getTransaction(deps, { token, transactionId: id }));
  let pixId = 0;
  await measure(
    'pix create (avg of 100)',
    async () => {
      pixId = (await createTransaction(deps, { body: pixBody(-4), baseUrl: 'http://bench' })).body.transacao.id as number;
    },
    100,
  );
  await measure('pix consult', () => getTransaction(deps, { token, transactionId: pixId }));
}

/** Card create on production through the Cielo fake vs the sandbox simulator: latency and DynamoDB round trips. */
async function acquirerComparison(env: Record<string, string>, body: Body): Promise<void> {
  const config = loadServiceConfig(env);
  const clients = createAwsClients(config);
  const counted = countCalls(clients.dynamo);
  const names = resourceNames(config);
  const cielo = await FakeCielo.start();
  try {
    const connected = randomUUID();
    const merchants = new MerchantRepository(clients.documents, names.gatewayTable);
    await merchants.create({
      id: 'm-bench-cielo',
      name: 'Bench Cielo',
      acquirerAMode: 'loja_sem_autenticacao',
      token: connected,
    });
    writeAcquirerSecret(
      config.acquirerSecrets.kind === 'directory' ? config.acquirerSecrets.directory : '.',
      'm-bench-cielo',
      cieloSecret(cielo),
    );
    await merchants.setAcquirer('m-bench-cielo', 'acquirerA', 'm-bench-cielo');
    const sandbox = createGatewayDependencies(clients, names, config);
    const connections = createMerchantAcquirers(clients, names, { ...config, acquirerAllowHttp: true }, SILENT_ACQUIRER_LOGGER);
    const production = withMerchantAcquirers(
      createGatewayDependencies(clients, names, { ...config, stage: 'production' }),
      connections,
      SILENT_ACQUIRER_LOGGER,
    );
    const cieloBody = (i: number) => {
      const card = body(i) as { transacao: { pagamento: object } };
      return {
        ...card,
        token: connected,
        transacao: { ...card.transacao, pagamento: { ...card.transacao.pagamento, meio_pagamento: 'acquirerA' } },
      };
    };
    const runs = 100;
    const time = async (label: string, deps: GatewayDependencies, make: Body) => {
      await createTransaction(deps, { body: make(-10), baseUrl: 'http://bench' }); // warm: connection, token, id block
      const latencies: number[] = [];
      counted.reset();
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const created = await createTransaction(deps, { body: make(-11 - i), baseUrl: 'http://bench' });
        latencies.push(performance.now() - started);
        if (created.statusCode !== 201) throw new Error(`${label} answered ${created.statusCode}`);
      }
      latencies.sort((a, b) => a - b);
      const p = (q: number) => latencies[Math.floor(q * (runs - 1))]?.toFixed(1);
      console.log(
        `  ${label.padEnd(34)} p50 ${p(0.5)} ms   p99 ${p(0.99)} ms   ${(counted.total() / runs).toFixed(2)} round trips  (${counted.summary()})`,
      );
    };
    console.log(`Card create, ${runs} sequential (in-process, same use case):`);
    await time('sandbox simulator', sandbox, body);
    await time('production, Cielo connection (fake)', production, cieloBody);
  } finally {
    await cielo.stop();
  }
}

function countCalls(dynamo: DynamoDBClient) {
  const calls = new Map<string, number>();
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      calls.set(context.commandName as string, (calls.get(context.commandName as string) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
  return {
    reset: () => calls.clear(),
    total: () => [...calls.values()].reduce((a, b) => a + b, 0),
    summary: () => [...calls.entries()].map(([name, n]) => `${name.replace('Command', '')} ${n}`).join(', '),
  };
}
