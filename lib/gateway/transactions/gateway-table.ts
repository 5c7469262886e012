import type { Transaction } from '../domain/transaction';
import type { WebhookEvent } from '../webhooks/webhook';

/**
 * The gateway table's layout, in one place: every key format, the index attributes written with a
 * transaction, and the item ↔ transaction mapping. The core store, the admin store, seeding and the
 * webhook outbox all build their keys here.
 *
 * - `TX#<id>` / `TX`: a transaction; GSI1 `MERCHANT#<m>#TX` by `<createdAt>#<id 12 digits>` (a merchant's
 *   transactions newest first), GSI2 `PAGE#<uuid>` (its hosted page), GSI3 `MERCHANT#<m>#ORDER#<numero>`
 *   sorted like GSI1 (an order number is one query at any size).
 * - `APITOKEN#<hash>` / `APITOKEN`: an API token's merchant.
 * - `IDEMPOTENCY#<scope>` / `IDEMPOTENCY`: a stored response for an Idempotency-Key (TTL 24 h).
 * - `COUNTER#transaction-id` / `COUNTER`: the id blocks.
 * - `MERCHANT#<m>#WEBHOOK` / `<webhook id>`: a webhook endpoint; `MERCHANT#<m>#DELIVERY` / `<at>#<evt>#<wh>`: a delivery
 *   and its attempts; `EVENT#<evt>` / `EVENT`: an event not yet fanned out. Outbox work waiting to run is on GSI2
 *   (`WEBHOOK_DUE#<shard>` by `<due at>#...`), a sparse entry removed when the work is done.
 */
export const transactionKey = (id: number) => ({ PK: `TX#${id}`, SK: 'TX' });
export const tokenKey = (tokenHash: string) => ({ PK: `APITOKEN#${tokenHash}`, SK: 'APITOKEN' });
export const idempotencyKey = (scope: string) => ({ PK: `IDEMPOTENCY#${scope}`, SK: 'IDEMPOTENCY' });
export const ID_COUNTER_KEY = { PK: 'COUNTER#transaction-id', SK: 'COUNTER' };

export const merchantTransactionsPartition = (merchantId: string) => `MERCHANT#${merchantId}#TX`;
export const orderPartition = (merchantId: string, orderNumber: string) => `MERCHANT#${merchantId}#ORDER#${orderNumber}`;
export const pagePartition = (pageUuid: string) => `PAGE#${pageUuid}`;
export const creationSortKey = (createdAt: string, id: number) => `${createdAt}#${String(id).padStart(12, '0')}`;
/** `<createdAt ISO>#<id 12 digits>`, the sort key of GSI1 and GSI3, split back (undefined when it is not one). */
export function parseCreationSortKey(sortKey: string): { createdAt: string; id: number } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)#(\d{12})$/.exec(sortKey);
  if (!match) return undefined;
  const parsed = { createdAt: match[1] as string, id: Number(match[2]) };
  return parsed.id > 0 && creationSortKey(parsed.createdAt, parsed.id) === sortKey ? parsed : undefined;
}

export const webhookPartition = (merchantId: string) => `MERCHANT#${merchantId}#WEBHOOK`;
export const webhookKey = (merchantId: string, webhookId: string) => ({ PK: webhookPartition(merchantId), SK: webhookId });
export const deliveryPartition = (merchantId: string) => `MERCHANT#${merchantId}#DELIVERY`;
export const deliveryKey = (merchantId: string, sortKey: string) => ({ PK: deliveryPartition(merchantId), SK: sortKey });
export const eventKey = (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' });
/** Outbox work is spread over a few GSI2 partitions so that no single partition takes every write. */
export const OUTBOX_SHARDS = 4;
export const outboxPartition = (shard: number) => `WEBHOOK_DUE#${shard}`;

/** Attributes of a transaction item that are keys or search helpers, not part of the transaction. */
const KEY_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'buyerSearch', 'kind'];

/** The stored item of a transaction (seeding and benchmarks write exactly what the API writes). */
export function toItem(transaction: Transaction): Record<string, unknown> {
  return {
    ...searchAttributes(transaction),
    ...transactionKey(transaction.id),
    GSI1PK: merchantTransactionsPartition(transaction.merchantId),
    GSI1SK: creationSortKey(transaction.createdAt, transaction.id),
    ...(transaction.pageUuid ? { GSI2PK: pagePartition(transaction.pageUuid), GSI2SK: 'TX' } : {}),
    kind: 'transaction',
    ...transaction,
  };
}

export function toTransaction(item: Record<string, unknown>): Transaction {
  const transaction = { ...item };
  for (const attribute of KEY_ATTRIBUTES) delete transaction[attribute];
  return transaction as unknown as Transaction;
}

/**
 * Attributes the admin search reads, written with every transaction item:
 * - GSI3 (`MERCHANT#<id>#ORDER#<numero>`, sorted like GSI1 by creation): an order-number lookup is one query at any size;
 * - `buyerSearch`: the buyer's name without case or accents and the document's digits, for a contains() filter.
 */
export function searchAttributes(transaction: Transaction): Record<string, string> {
  const buyer = [normaliseText(transaction.buyer?.nome ?? ''), digitsOf(transaction.buyer?.documento ?? '')]
    .filter(Boolean)
    .join('|');
  return {
    GSI3PK: orderPartition(transaction.merchantId, transaction.orderNumber),
    GSI3SK: creationSortKey(transaction.createdAt, transaction.id),
    ...(buyer ? { buyerSearch: buyer } : {}),
  };
}

/** "José  da SILVA" → "jose da silva": how names are stored for search and how search terms are compared. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** The outbox shard of a merchant: all of a merchant's work sits in one shard, so it is delivered in causal order. */
export function outboxShardOf(merchantId: string): number {
  let hash = 0;
  for (const char of merchantId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % OUTBOX_SHARDS;
}

/** Outbox entries sort by due time, then by when the event happened (causal order within a merchant). */
export const outboxSortKey = (dueAt: string, eventAt: string, id: string) => `${dueAt}#${eventAt}#${id}`;

/** Events are kept 30 days after they happen (TTL), deliveries too: enough for the admin UI's list and a resend. */
export const WEBHOOK_RECORD_TTL_SECONDS = 30 * 24 * 3600;

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
    GSI2SK: outboxSortKey(event.criado_em, event.criado_em, event.id),
    expiresAt: Math.floor(Date.parse(event.criado_em) / 1000) + WEBHOOK_RECORD_TTL_SECONDS,
  };
}
