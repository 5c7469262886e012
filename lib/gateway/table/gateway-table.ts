/**
 * The gateway table's layout, in one place: every key (partition, sort key, index key) of every record the gateway
 * stores, and the parser of each key that is read back (cursors, form fields, index positions). Stores build their
 * items here and nowhere else, so a new record kind or a new index entry is one more entry in this file.
 *
 * Records (PK / SK; index entries after them):
 * - transaction `TX#<id>` / `TX`; GSI1 `MERCHANT#<m>#TX` by `<createdAt>#<id 12 digits>` (a merchant's transactions,
 *   newest first), GSI2 `PAGE#<uuid>` / `TX` (its hosted page), GSI3 `MERCHANT#<m>#ORDER#<numero>` sorted like GSI1
 *   (an order number is one query at any size);
 * - API token `APITOKEN#<hash>` / `APITOKEN` (its merchant, one read authenticates);
 * - idempotency record `IDEMPOTENCY#<scope>` / `IDEMPOTENCY` (TTL 24 h); id counter `COUNTER#transaction-id` / `COUNTER`;
 * - merchant `MERCHANT#<m>` / `MERCHANT`, GSI1 `MERCHANTS` by `<m>`; admin user `ADMINUSER#<e-mail>` / `ADMINUSER`,
 *   GSI1 `ADMINUSERS` by `<m>#<e-mail>`; admin session `ADMINSESSION#<hash>`; sign-in counters `LOGINTHROTTLE#...`;
 * - webhook endpoint `MERCHANT#<m>#WEBHOOK` / `<webhook id>`;
 * - outbox event `EVENT#<evt>` / `EVENT`; delivery `MERCHANT#<m>#DELIVERY` / `<event at>#<evt>#<wh>` (with its
 *   attempts); outbox work waiting to run sits on GSI2 `WEBHOOK_DUE#<shard>` by `<due at>#<event at>#<id>`, a sparse
 *   entry removed when the work is done;
 * - audit entry `MERCHANT#<m>#AUDIT` (or `AUDIT#UNATTRIBUTED`) / `<at>#<nonce>`;
 * - Pix: location `PIXLOC#<location id>` / `PIXLOC` (the transaction serving that location); expiry marker
 *   `PIXEXP#<yyyyMMddHHmm of expiry>#<shard 0-9>` / `<expires at>#<id 12 digits>`, written with the charge and removed
 *   when it is paid or expired; `PIXEXP#CHECKPOINT` / `PIXEXP` (the last minute the expiry pass swept).
 * - Registered boletos: what the next remessa must carry `BOLETOQ#<m>#<method>` / `<id 12 digits>#<instruction>`
 *   (written with the change that asks for it, deleted by the remessa that claims it); remessa files
 *   `REMESSA#<m>#<method>` / `<file id>` (the file itself is in the blob bucket) and their sequence
 *   `COUNTER#remessa#<m>#<method>` / `COUNTER`; retorno files read `RETORNO#<m>#<method>` / `<sha-256 of the file>`.
 */

// Transactions and what a request reads with them.
export const transactionKey = (id: number) => ({ PK: `TX#${id}`, SK: 'TX' });
export const tokenKey = (tokenHash: string) => ({ PK: `APITOKEN#${tokenHash}`, SK: 'APITOKEN' });
export const idempotencyKey = (scope: string) => ({ PK: `IDEMPOTENCY#${scope}`, SK: 'IDEMPOTENCY' });
export const ID_COUNTER_KEY = { PK: 'COUNTER#transaction-id', SK: 'COUNTER' };

export const merchantTransactionsPartition = (merchantId: string) => `MERCHANT#${merchantId}#TX`;
export const orderPartition = (merchantId: string, orderNumber: string) => `MERCHANT#${merchantId}#ORDER#${orderNumber}`;
export const pagePartition = (pageUuid: string) => `PAGE#${pageUuid}`;
export const PAGE_SORT_KEY = 'TX';
export const creationSortKey = (createdAt: string, id: number) => `${createdAt}#${String(id).padStart(12, '0')}`;
/** `<createdAt ISO>#<id 12 digits>`, the sort key of GSI1 and GSI3, split back (undefined when it is not one). */
export function parseCreationSortKey(sortKey: string): { createdAt: string; id: number } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)#(\d{12})$/.exec(sortKey);
  if (!match) return undefined;
  const parsed = { createdAt: match[1] as string, id: Number(match[2]) };
  return parsed.id > 0 && creationSortKey(parsed.createdAt, parsed.id) === sortKey ? parsed : undefined;
}

// Merchants, their admin users and the admin UI's sign-in records.
export const merchantKey = (merchantId: string) => ({ PK: `MERCHANT#${merchantId}`, SK: 'MERCHANT' });
export const MERCHANTS_PARTITION = 'MERCHANTS';
/** `email` is already normalised (merchants/merchant.ts): one account per address whatever its case. */
export const adminUserKey = (email: string) => ({ PK: `ADMINUSER#${email}`, SK: 'ADMINUSER' });
export const ADMIN_USERS_PARTITION = 'ADMINUSERS';
export const adminUserListSortKey = (merchantId: string, email: string) => `${merchantId}#${email}`;
/** The GSI1 prefix of one merchant's admin users. */
export const adminUsersOfMerchant = (merchantId: string) => `${merchantId}#`;
/** Admin sessions: `ADMINSESSION#<sha256 of the id>` / `ADMINSESSION` (lib/http/web's session store builds the rest). */
export const ADMIN_SESSION_PREFIX = 'ADMINSESSION';
/** Failed admin sign-ins: `LOGINTHROTTLE#<counter>` / `WINDOW#<start>` (lib/http/web's throttle store builds the rest). */
export const ADMIN_SIGN_IN_THROTTLE_PREFIX = 'LOGINTHROTTLE#';

// Webhook endpoints, the outbox and deliveries.
export const webhookPartition = (merchantId: string) => `MERCHANT#${merchantId}#WEBHOOK`;
export const webhookKey = (merchantId: string, webhookId: string) => ({ PK: webhookPartition(merchantId), SK: webhookId });
export const eventKey = (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' });
export const deliveryPartition = (merchantId: string) => `MERCHANT#${merchantId}#DELIVERY`;
export const deliveryKey = (merchantId: string, sortKey: string) => ({ PK: deliveryPartition(merchantId), SK: sortKey });

/** What a delivery's sort key names: one event for one endpoint. */
export interface DeliveryName {
  eventAt: string;
  eventId: string;
  webhookId: string;
}
/** `<event at>#<event id>#<webhook id>`: a merchant's deliveries sort by when their event happened. */
export const deliverySortKey = (name: DeliveryName) => `${name.eventAt}#${name.eventId}#${name.webhookId}`;
/** A delivery's sort key split back (undefined when it is not one: keys come back from forms and URLs). */
export function parseDeliverySortKey(sortKey: string): DeliveryName | undefined {
  const match = /^([^#]+)#(evt_[^#]+)#(wh_[^#]+)$/.exec(sortKey);
  return match ? { eventAt: match[1] as string, eventId: match[2] as string, webhookId: match[3] as string } : undefined;
}

/** Outbox work is spread over a few GSI2 partitions so that no single partition takes every write. */
export const OUTBOX_SHARDS = 4;
export const outboxPartition = (shard: number) => `WEBHOOK_DUE#${shard}`;
/** The outbox shard of a merchant: all of a merchant's work sits in one shard, so it is delivered in causal order. */
export function outboxShardOf(merchantId: string): number {
  let hash = 0;
  for (const char of merchantId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % OUTBOX_SHARDS;
}
/** Outbox entries sort by due time, then by when the event happened (causal order within a merchant). */
export const outboxSortKey = (dueAt: string, eventAt: string, id: string) => `${dueAt}#${eventAt}#${id}`;
/** An event's outbox entry: due when it happened. */
export const eventOutboxSortKey = (eventAt: string, eventId: string) => outboxSortKey(eventAt, eventAt, eventId);
/** A delivery's outbox entry, due at `dueAt` (its next attempt, or a worker's lease). */
export const deliveryOutboxSortKey = (dueAt: string, name: DeliveryName) =>
  outboxSortKey(dueAt, name.eventAt, `${name.eventId}#${name.webhookId}`);
/** `$` sorts right after `#`: the bound below which every outbox entry due at or before `nowIso` sorts. */
export const outboxDueBound = (nowIso: string) => `${nowIso}$`;

// The admin audit log.
/** Failed logins for e-mails that belong to no admin user are kept for operators, outside every merchant's log. */
export const auditPartition = (merchantId: string | undefined) =>
  merchantId ? `MERCHANT#${merchantId}#AUDIT` : 'AUDIT#UNATTRIBUTED';
/** `<at>#<nonce>`: a merchant's entries sort by time; the nonce keeps two entries of one millisecond apart. */
export const auditSortKey = (at: string, nonce: string) => `${at}#${nonce}`;
export const auditKey = (merchantId: string | undefined, sortKey: string) => ({ PK: auditPartition(merchantId), SK: sortKey });
/** An audit entry's sort key split back (undefined when it is not one). */
export function parseAuditSortKey(sortKey: string): { at: string; nonce: string } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)#([0-9a-f]+)$/.exec(sortKey);
  return match ? { at: match[1] as string, nonce: match[2] as string } : undefined;
}

// Pix charges: where their location is, and when they expire.
export const pixLocationKey = (locationId: string) => ({ PK: `PIXLOC#${locationId}`, SK: 'PIXLOC' });
/** Expiry markers are spread over this many partitions per minute: no hot key however many charges expire at once. */
export const PIX_EXPIRY_SHARDS = 10;
/** `yyyyMMddHHmm` (UTC) of an instant. */
export const pixExpiryMinute = (iso: string) => iso.replace(/\D/g, '').slice(0, 12);
export const pixExpiryPartition = (minute: string, shard: number) => `PIXEXP#${minute}#${shard}`;
export const pixExpiryKey = (expiresAt: string, transactionId: number) => ({
  PK: pixExpiryPartition(pixExpiryMinute(expiresAt), transactionId % PIX_EXPIRY_SHARDS),
  SK: `${expiresAt}#${String(transactionId).padStart(12, '0')}`,
});
/** `$` sorts right after `#`: the bound below which every marker expiring at or before `nowIso` sorts. */
export const pixExpiryDueBound = (nowIso: string) => `${nowIso}$`;
export const PIX_EXPIRY_CHECKPOINT_KEY = { PK: 'PIXEXP#CHECKPOINT', SK: 'PIXEXP' };

// Registered boletos: the remessa queue, remessa files and their sequence, retorno files.
export const boletoQueuePartition = (merchantId: string, method: string) => `BOLETOQ#${merchantId}#${method}`;
export const boletoQueueKey = (merchantId: string, method: string, transactionId: number, instruction: string) => ({
  PK: boletoQueuePartition(merchantId, method),
  SK: `${String(transactionId).padStart(12, '0')}#${instruction}`,
});
export const remessaPartition = (merchantId: string, method: string) => `REMESSA#${merchantId}#${method}`;
export const remessaKey = (merchantId: string, method: string, fileId: string) => ({
  PK: remessaPartition(merchantId, method),
  SK: fileId,
});
export const remessaCounterKey = (merchantId: string, method: string) => ({
  PK: `COUNTER#remessa#${merchantId}#${method}`,
  SK: 'COUNTER',
});
export const retornoKey = (merchantId: string, method: string, sha256: string) => ({
  PK: `RETORNO#${merchantId}#${method}`,
  SK: sha256,
});

/** Attributes of an item that are keys or index entries, not part of the record it stores. */
export const KEY_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'] as const;
