import { attemptRecord, nextAfter } from '../../delivery/attempt';
import type { PushSender, SendResult } from '../../delivery/push-sender';
import { checkPushUrl } from '../../delivery/target-policy';
import type { MetricsSink } from '../../metrics';
import type { Topic, TopicCatalog } from '../model/topic';
import type { NotificationOutbox, NotificationRecord } from './notification-record';

/** What the notification drainer needs; the scheduled function and `npm start`'s timer wire the same thing. */
export interface NotificationDeliveryDeps {
  outbox: NotificationOutbox;
  topics: TopicCatalog;
  sender: PushSender;
  now: () => Date;
  /** The first retry's delay; each next waits 4× the previous, 8 attempts in all (DESIGN §7.2, as webhooks). */
  retryBaseSeconds: number;
  allowPrivate: boolean;
  /** How long a worker holds a record it is sending (past the send timeout). */
  leaseSeconds?: number;
  metrics?: MetricsSink;
}

export interface NotificationRun {
  attempted: number;
  delivered: number;
  failed: number;
}

const BATCH = 100;
/** Topics served at once; each topic's events go one after another, oldest first. */
const PARALLEL_TOPICS = 8;

/**
 * One pass over the notification outbox: every record that is due is claimed, POSTed to its topic's push endpoint
 * (the topic as it is now: a deleted topic's events fail for good), and its attempt recorded with what follows.
 * Everything it knows is in DynamoDB, so any worker after any crash carries on (at least once: a receiver may see
 * an event twice and de-duplicates by its `eventId`). With `stopAt` it claims nothing new after that time.
 */
export async function deliverDueNotifications(
  deps: NotificationDeliveryDeps,
  options: { stopAt?: number } = {},
): Promise<NotificationRun> {
  const run: NotificationRun = { attempted: 0, delivered: 0, failed: 0 };
  const due = await deps.outbox.due(deps.now().toISOString(), BATCH);
  const byTopic = new Map<string, NotificationRecord[]>();
  for (const record of due) {
    const topic = `${record.ownerId}|${record.topicName}`;
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), record]);
  }
  const queues = [...byTopic.values()];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_TOPICS, queues.length) }, async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) {
        const first = queue[0];
        const topic = first ? await deps.topics.get(first.ownerId, first.topicName) : undefined;
        for (const record of queue) {
          if (options.stopAt !== undefined && Date.now() > options.stopAt) return;
          const outcome = await attempt(deps, record, topic);
          if (!outcome) continue;
          run.attempted++;
          if (outcome === 'delivered') run.delivered++;
          else run.failed++;
        }
      }
    }),
  );
  deps.metrics?.emit({ Outcome: 'succeeded' }, { notificationDeliveries: run.delivered });
  deps.metrics?.emit({ Outcome: 'failed' }, { notificationDeliveries: run.failed });
  return run;
}

async function attempt(
  deps: NotificationDeliveryDeps,
  record: NotificationRecord,
  topic: Topic | undefined,
): Promise<SendResult['outcome'] | undefined> {
  const started = deps.now();
  const leaseUntil = new Date(started.getTime() + (deps.leaseSeconds ?? 60) * 1000).toISOString();
  if (!(await deps.outbox.claim(record, leaseUntil))) return undefined;
  // A topic re-created under the same name with another ARN is not the one the configuration named.
  const target = topic && topic.arn === record.topicArn ? topic : undefined;
  const result = await send(deps, record, target);
  const next = nextAfter(result.outcome, record.attempts.length + 1, {
    retry: target !== undefined,
    retryBaseSeconds: deps.retryBaseSeconds,
    now: deps.now(),
  });
  await deps.outbox.recordAttempt(record, attemptRecord(record.attempts.length + 1, started, result, false), next);
  return result.outcome;
}

async function send(deps: NotificationDeliveryDeps, record: NotificationRecord, topic: Topic | undefined): Promise<SendResult> {
  if (!topic) return { outcome: 'refused', durationMs: 0, excerpt: 'the topic was deleted' };
  const verdict = checkPushUrl(topic.pushEndpoint, deps.allowPrivate);
  if (!verdict.ok) return { outcome: 'refused', durationMs: 0, excerpt: `push endpoint refused: ${verdict.problem}` };
  return deps.sender.send({
    url: topic.pushEndpoint,
    body: record.body,
    headers: { 'content-type': 'application/json', 'user-agent': 'gwstore-notifications/1' },
  });
}
