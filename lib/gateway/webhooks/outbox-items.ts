import { eventKey, eventOutboxSortKey, outboxPartition, outboxShardOf } from '../table/gateway-table';
import type { WebhookEvent } from './webhook';

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
