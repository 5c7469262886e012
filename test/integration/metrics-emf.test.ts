import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../lib/metrics';
import { call, cardBody, newMerchant } from '../support/gateway';
import { logOnceItContains } from '../support/log-lines';
import { rawS3 } from '../support/raw-s3';
import { testStack } from '../support/stack';
import { newStorageUser, uniqueBucket } from '../support/storage-clients';

/** One CloudWatch Embedded Metric Format document: its metric values and dimension values. */
interface EmfDocument {
  namespace: string;
  metrics: Record<string, number>;
  dimensions: Record<string, string>;
}

/** Every EMF document the functions printed (Powertools writes one JSON object per line, with an `_aws` member). */
function emfDocuments(log: string): EmfDocument[] {
  return log.split('\n').flatMap((line) => {
    const start = line.indexOf('{"_aws"');
    if (start === -1) return [];
    const document = JSON.parse(line.slice(start)) as Record<string, unknown> & {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
    };
    const directive = document._aws.CloudWatchMetrics[0]!;
    return [
      {
        metrics: Object.fromEntries(directive.Metrics.map(({ Name }) => [Name, Number(document[Name])])),
        dimensions: Object.fromEntries((directive.Dimensions[0] ?? []).map((name) => [name, String(document[name])])),
        namespace: directive.Namespace,
      },
    ];
  });
}

const { baseUrl, lambdaEndpoint } = testStack();
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('metrics (CloudWatch EMF) from the functions on the local stack', () => {
  it('a payment, a webhook delivery and S3 requests emit their metrics, and no dimension carries a secret or a name', async () => {
    const shop = await newMerchant();
    const registered = await fetch(`${baseUrl}/v1/webhooks`, {
      method: 'POST',
      body: JSON.stringify({ token: shop.token, url: receiverUrl }),
    });
    expect(registered.status).toBe(201);
    const created = await call('POST', '/v1/transacao', cardBody(shop.token));
    expect([created.status, created.body.transacao.status]).toEqual([201, 'paga']);

    const user = await newStorageUser('emf');
    const bucket = uniqueBucket('emf-secret-bucket');
    const key = 'private/emf-secret-key.txt';
    const body = Buffer.alloc(1234, 7);
    expect((await rawS3({ method: 'PUT', path: `/${bucket}`, as: user })).status).toBe(200);
    expect((await rawS3({ method: 'PUT', path: `/${bucket}/${key}`, body, as: user })).status).toBe(200);
    expect((await rawS3({ method: 'GET', path: `/${bucket}/${key}`, as: user })).body.length).toBe(1234);

    // The scheduled delivery function itself, invoked through serverless offline's Lambda API (each run polls 2 s
    // here). The test stack's outbox also holds every other test's events: invoke until ours has gone out.
    const ours = (event: string) => event.includes(`"id":${created.body.transacao.id}`);
    for (const deadline = Date.now() + 90_000; !received.some(ours) && Date.now() < deadline; ) {
      const invoked = await fetch(`${lambdaEndpoint}/2015-03-31/functions/gwstore-sandbox-deliverWebhooks/invocations`, {
        method: 'POST',
        body: '{}',
      });
      expect(invoked.status).toBe(200);
    }
    expect(received.some(ours)).toBe(true);

    const documents = emfDocuments(await logOnceItContains((log) => log.includes(METRICS.webhookDeliveries.name)));
    const find = (metric: string, dimensions: Record<string, string>) =>
      documents.filter(
        (document) =>
          metric in document.metrics && Object.entries(dimensions).every(([name, value]) => document.dimensions[name] === value),
      );
    expect(find('Requests', { Surface: 'gateway', Operation: 'createTransaction', StatusClass: '2xx' }).length).toBeGreaterThan(
      0,
    );
    expect(find('Latency', { Surface: 'storage', Operation: 'storageObject', StatusClass: '2xx' }).length).toBeGreaterThan(0);
    expect(find('Transactions', { PaymentMethod: 'acquirerB_ws', Status: 'paga' }).length).toBeGreaterThan(0);
    expect(find('WebhookDeliveries', { Outcome: 'succeeded' }).some((document) => document.metrics.WebhookDeliveries! >= 1)).toBe(
      true,
    );
    expect(find('WebhookOldestPendingAge', {}).length).toBeGreaterThan(0);
    expect(find('StorageBytesIn', { Operation: 'PUT object' }).some((document) => document.metrics.StorageBytesIn === 1234)).toBe(
      true,
    );
    expect(
      find('StorageBytesOut', { Operation: 'GET object' }).some((document) => document.metrics.StorageBytesOut === 1234),
    ).toBe(true);

    expect(new Set(documents.map((document) => document.namespace))).toEqual(new Set(['gwstore/sandbox']));
    // Dimensions are closed sets: never a token, a card, a key pair, a bucket or an object name.
    const values = documents.flatMap((document) => Object.values(document.dimensions));
    for (const secret of [shop.token, '4242424242424242', user.accessKey, user.secretKey, bucket, key, 'emf-secret']) {
      expect(values.filter((value) => value.includes(secret))).toEqual([]);
    }
    for (const document of documents) {
      for (const [name, value] of Object.entries(document.dimensions)) {
        expect(`${name}=${value}`).toMatch(/^(Surface|Operation|StatusClass|PaymentMethod|Status|Outcome|service)=[\w -]{1,40}$/);
      }
    }
  }, 120_000);
});
