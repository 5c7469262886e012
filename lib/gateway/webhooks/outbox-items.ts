import {
  deliveryKey,
  deliveryOutboxSortKey,
  deliverySortKey,
  eventKey,
  eventOutboxSortKey,
  outboxPartition,
  outboxShardOf,
} from '../table/gateway-table';
import type { Attempt, Delivery, DeliveryState, OutboxEvent } from './ports';
import type { Webhook, WebhookEvent } from './webhook';

/** Events are kept 30 days after they happen (TTL), deliveries too: enough for the admin UI's list and a resend. */
export const WEBHOOK_RECORD_TTL_SECONDS = 30 * 24 * 3600;

export const webhookRecordExpiry = (eventAt: string) => Math.floor(Date.parse(eventAt) / 1000) + WEBHOOK_RECORD_TTL_SECONDS;

/**
 * The outbox item of one status change, written in the same DynamoDB transaction as the change itself. `body` is the
 * event's exact JSON: every attempt sends (and signs) the same bytes.
 */
export function outboxEventItem(event: WebhookEvent, merchantId: string): Record<string, unknown> {
  return {
    ...eventKey(event.id),
    kind: 'webhookEvent',
    merchantId,
    eventId: event.id,
    tipo: event.tipo,
    transactionId: event.transacao.id,
    eventAt: event.criado_em,
    body: JSON.stringify(event),
    GSI2PK: outboxPartition(outboxShardOf(merchantId)),
    GSI2SK: eventOutboxSortKey(event.criado_em, event.id),
    expiresAt: webhookRecordExpiry(event.criado_em),
  };
}

/** A new delivery of an outbox event to one endpoint: pending, due at once, with the event's exact bytes. */
export function deliveryItem(event: OutboxEvent, webhook: Pick<Webhook, 'id' | 'url'>): Record<string, unknown> {
  const name = { eventAt: event.eventAt, eventId: event.eventId, webhookId: webhook.id };
  return {
    ...deliveryKey(event.merchantId, deliverySortKey(name)),
    kind: 'webhookDelivery',
    merchantId: event.merchantId,
    webhookId: webhook.id,
    url: webhook.url,
    eventId: event.eventId,
    tipo: event.tipo,
    transactionId: event.transactionId,
    eventAt: event.eventAt,
    body: event.body,
    state: 'pending',
    attempts: [],
    manual: false,
    nextAttemptAt: event.eventAt,
    GSI2PK: outboxPartition(outboxShardOf(event.merchantId)),
    GSI2SK: deliveryOutboxSortKey(event.eventAt, name),
    expiresAt: webhookRecordExpiry(event.eventAt),
  };
}

export function toOutboxEvent(item: Record<string, unknown>): OutboxEvent {
  return {
    eventId: String(item.eventId),
    merchantId: String(item.merchantId),
    eventAt: String(item.eventAt),
    tipo: String(item.tipo),
    transactionId: Number(item.transactionId),
    body: String(item.body),
  };
}

export function toDelivery(item: Record<string, unknown>): Delivery {
  return {
    merchantId: String(item.merchantId),
    key: String(item.SK),
    webhookId: String(item.webhookId),
    url: String(item.url),
    eventId: String(item.eventId),
    tipo: String(item.tipo),
    transactionId: Number(item.transactionId),
    eventAt: String(item.eventAt),
    body: String(item.body),
    state: item.state as DeliveryState,
    attempts: (item.attempts ?? []) as Attempt[],
    manual: item.manual === true,
    ...(item.nextAttemptAt ? { nextAttemptAt: String(item.nextAttemptAt) } : {}),
  };
}
