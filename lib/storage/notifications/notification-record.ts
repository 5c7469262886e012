import type { Attempt, DeliveryState } from '../../delivery/attempt';

/** One event for one bucket configuration's topic, with every attempt at delivering it (the outbox item). */
export interface NotificationRecord {
  id: string;
  bucket: string;
  /** The bucket owner, whose topic it is. */
  ownerId: string;
  topicName: string;
  topicArn: string;
  eventName: string;
  key: string;
  /** The event's exact JSON, the same bytes on every attempt. */
  body: string;
  state: DeliveryState;
  attempts: Attempt[];
  eventAt: string;
  nextAttemptAt?: string;
  /** Where it sits in the due index (what a claim is conditional on). */
  position: string;
}

/** The notification outbox (port): DynamoDB in notification-outbox-store.ts. */
export interface NotificationOutbox {
  /** Records due at `nowIso`, oldest first, across the index's shards. */
  due(nowIso: string, limit: number): Promise<NotificationRecord[]>;
  /** Takes a due record until `leaseUntil`; false when another worker claimed or attempted it first. */
  claim(record: NotificationRecord, leaseUntil: string): Promise<boolean>;
  /** Appends the attempt and schedules what follows, if the record still has the attempts it had when claimed. */
  recordAttempt(
    record: NotificationRecord,
    attempt: Attempt,
    next: { state: DeliveryState; nextAttemptAt?: string },
  ): Promise<boolean>;
  /** A bucket's most recent records (the console's list), newest first. */
  recent?(bucket: string, limit: number): Promise<NotificationRecord[]>;
}
