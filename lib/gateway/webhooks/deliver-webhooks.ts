import { attemptRecord, nextAfter } from '../../delivery/attempt';
import type { PushSender, SendResult } from '../../delivery/push-sender';
import type { MetricsSink } from '../../metrics';
import type { Delivery, DueWork, OutboxStore, WebhookEndpointStore } from './ports';
import { openSecret } from './secret-box';
import { signatureHeader, type Webhook } from './webhook';
import { checkWebhookUrl } from './webhook-url';

/** What the delivery worker needs; the scheduled function and `npm start`'s timer wire the same thing. */
export interface DeliveryDependencies {
  webhooks: WebhookEndpointStore;
  outbox: OutboxStore;
  sender: PushSender;
  now: () => Date;
  serverSecret: () => Promise<string>;
  retryBaseSeconds: number;
  allowPrivate: boolean;
  /** How long a worker holds a delivery it is sending (past the send timeout): a crashed worker's work is retried after it. */
  leaseSeconds?: number;
  /** Where each pass reports its outcomes and the backlog's age (the scheduled function's CloudWatch metrics). */
  metrics?: MetricsSink;
}

export interface DeliveryRun {
  fannedOut: number;
  attempted: number;
  delivered: number;
  failed: number;
}

const BATCH = 100;
/** Endpoints served at once; each endpoint's deliveries go one after another, oldest event first. */
const PARALLEL_ENDPOINTS = 8;

/**
 * One pass over the outbox: copy new events to their merchant's endpoints, then send every delivery that is due.
 * Everything it knows is in DynamoDB (the outbox entry, the delivery, its attempts), so any worker, after any crash
 * or restart, carries on where the last one stopped. With `stopAt` (epoch ms) it claims nothing new after that time,
 * so a pass ends at most one send timeout later. Returns what it did.
 */
export async function deliverDueWebhooks(deps: DeliveryDependencies, options: { stopAt?: number } = {}): Promise<DeliveryRun> {
  const run: DeliveryRun = { fannedOut: 0, attempted: 0, delivered: 0, failed: 0 };
  let work = await deps.outbox.due(deps.now().toISOString(), BATCH);
  const backlogAgeSeconds = oldestAgeSeconds(work, deps.now());
  const events = work.filter((item) => item.kind === 'event');
  if (events.length > 0) {
    const endpoints = new Map<string, Promise<Webhook[]>>();
    for (const item of events) {
      const { event } = item;
      if (!endpoints.has(event.merchantId)) endpoints.set(event.merchantId, deps.webhooks.list(event.merchantId));
      await deps.outbox.fanOut(event, (await endpoints.get(event.merchantId)) ?? [], item.position);
      run.fannedOut++;
    }
    // The new deliveries are due at once, in the order their events happened.
    work = await deps.outbox.due(deps.now().toISOString(), BATCH);
  }
  const byEndpoint = new Map<string, Extract<DueWork, { kind: 'delivery' }>[]>();
  for (const item of work) {
    if (item.kind !== 'delivery') continue;
    const id = `${item.delivery.merchantId}|${item.delivery.webhookId}`;
    byEndpoint.set(id, [...(byEndpoint.get(id) ?? []), item]);
  }
  const queues = [...byEndpoint.values()];
  const secret = await deps.serverSecret();
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_ENDPOINTS, queues.length) }, async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) {
        const webhook = await deps.webhooks.get(queue[0]?.delivery.merchantId ?? '', queue[0]?.delivery.webhookId ?? '');
        for (const item of queue) {
          // Past the deadline (a scheduled invocation's end) nothing new is claimed: the next run takes it.
          if (options.stopAt !== undefined && Date.now() > options.stopAt) return;
          const result = await attempt(deps, item, webhook, secret);
          if (!result) continue;
          run.attempted++;
          if (result === 'delivered') run.delivered++;
          else run.failed++;
        }
      }
    }),
  );
  deps.metrics?.emit({}, { webhookBacklogAge: backlogAgeSeconds });
  deps.metrics?.emit({ Outcome: 'succeeded' }, { webhookDeliveries: run.delivered });
  deps.metrics?.emit({ Outcome: 'failed' }, { webhookDeliveries: run.failed });
  return run;
}

/** How long the oldest event that is due (new, or due for a retry) has waited since it happened; 0 when none is due. */
function oldestAgeSeconds(work: readonly DueWork[], now: Date): number {
  const times = work.map((item) => Date.parse(item.kind === 'event' ? item.event.eventAt : item.delivery.eventAt));
  const oldest = Math.min(...times.filter(Number.isFinite));
  return Number.isFinite(oldest) ? Math.max(0, Math.round((now.getTime() - oldest) / 1000)) : 0;
}

async function attempt(
  deps: DeliveryDependencies,
  item: Extract<DueWork, { kind: 'delivery' }>,
  webhook: Webhook | undefined,
  serverSecret: string,
): Promise<SendResult['outcome'] | undefined> {
  const { delivery } = item;
  const started = deps.now();
  const leaseUntil = new Date(started.getTime() + (deps.leaseSeconds ?? 60) * 1000).toISOString();
  if (!(await deps.outbox.claim(delivery, item.position, leaseUntil))) return undefined; // another worker has it
  const result = await send(deps, delivery, webhook, serverSecret);
  const record = attemptRecord(delivery.attempts.length + 1, started, result, delivery.manual);
  const automatic = delivery.attempts.filter((previous) => !previous.manual).length + (delivery.manual ? 0 : 1);
  const next = nextAfter(result.outcome, automatic, {
    retry: !delivery.manual && webhook !== undefined,
    retryBaseSeconds: deps.retryBaseSeconds,
    now: deps.now(),
  });
  await deps.outbox.recordAttempt(delivery, record, next);
  return result.outcome;
}

async function send(
  deps: DeliveryDependencies,
  delivery: Delivery,
  webhook: Webhook | undefined,
  serverSecret: string,
): Promise<SendResult> {
  if (!webhook) return { outcome: 'refused', durationMs: 0, excerpt: 'the endpoint was removed' };
  const verdict = checkWebhookUrl(webhook.url, deps.allowPrivate);
  if (!verdict.ok) return { outcome: 'refused', durationMs: 0, excerpt: verdict.reason };
  const secret = openSecret(serverSecret, webhook.sealedSecret);
  const t = Math.floor(deps.now().getTime() / 1000);
  return deps.sender.send({
    url: webhook.url,
    body: delivery.body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'gwstore-webhooks/1',
      'Gateway-Signature': signatureHeader(secret, delivery.body, t),
    },
  });
}
