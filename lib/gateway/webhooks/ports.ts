import type { Attempt, DeliveryState } from '../../delivery/attempt';
import type { Webhook } from './webhook';

export type { Attempt, DeliveryState } from '../../delivery/attempt';

/** One event for one endpoint, with every attempt. Kept 30 days. */
export interface Delivery {
  merchantId: string;
  /** Sort key within the merchant's deliveries: `<event at>#<event id>#<webhook id>` (also the admin UI's handle). */
  key: string;
  webhookId: string;
  url: string;
  eventId: string;
  tipo: string;
  transactionId: number;
  eventAt: string;
  /** The event's exact JSON, the same bytes on every attempt. */
  body: string;
  state: DeliveryState;
  attempts: Attempt[];
  /** A resend is pending (one manual attempt, no retries after it). */
  manual: boolean;
  nextAttemptAt?: string;
}

/** A status change's event not yet copied to the merchant's endpoints. */
export interface OutboxEvent {
  eventId: string;
  merchantId: string;
  eventAt: string;
  tipo: string;
  transactionId: number;
  body: string;
}

/** Work the outbox holds that is due now, in due order; `position` is what a claim is conditional on. */
export type DueWork =
  | { kind: 'event'; event: OutboxEvent; position: string }
  | { kind: 'delivery'; delivery: Delivery; position: string };

/** A merchant's webhook endpoints. */
export interface WebhookEndpointStore {
  add(webhook: Webhook): Promise<void>;
  list(merchantId: string): Promise<Webhook[]>;
  get(merchantId: string, webhookId: string): Promise<Webhook | undefined>;
  /** The removed endpoint, or undefined when it did not exist. */
  remove(merchantId: string, webhookId: string): Promise<Webhook | undefined>;
}

/** The outbox (events not yet fanned out) and the deliveries, with their attempts. */
export interface OutboxStore {
  /** Outbox work due at `nowIso`, across every shard, oldest first. */
  due(nowIso: string, limit: number): Promise<DueWork[]>;
  /** One delivery per endpoint for the event (idempotent), and the event leaves the outbox, in one transaction. */
  fanOut(event: OutboxEvent, webhooks: Webhook[], position: string): Promise<void>;
  /** Takes a due delivery for this worker until `leaseUntil` (another worker's claim or attempt wins: false). */
  claim(delivery: Delivery, position: string, leaseUntil: string): Promise<string | undefined>;
  /** Appends an attempt and schedules what follows, if the delivery still has the attempts it had when claimed. */
  recordAttempt(delivery: Delivery, attempt: Attempt, next: { state: DeliveryState; nextAttemptAt?: string }): Promise<boolean>;
  /** A merchant's deliveries newest first, from after `after` (a `next` it returned: an encoded position). */
  listDeliveries(merchantId: string, limit: number, after?: string): Promise<{ deliveries: Delivery[]; next?: string }>;
  getDelivery(merchantId: string, key: string): Promise<Delivery | undefined>;
  /** Makes a delivery that is no longer pending due again, for one manual attempt; false when it is pending or unknown. */
  scheduleResend(merchantId: string, key: string, atIso: string): Promise<boolean>;
}
