import { randomUUID } from 'node:crypto';
import type { BucketRecord } from '../model/bucket';
import { topicNameOf } from '../model/topic';
import { eventMessage, type ObjectChange } from './notification-event';
import { matchingConfigurations } from './notification-filter';

/** Notification records (pending, delivered or failed, with every attempt) are kept 30 days, as webhook deliveries. */
const RECORD_TTL_SECONDS = 30 * 24 * 3600;
/** The due index is spread over a few partitions: no hot key when many buckets change at once. */
export const NOTIFICATION_SHARDS = 4;

export const notificationKey = (id: string) => ({ PK: `NOTIFICATION#${id}`, SK: 'NOTIFICATION' });
export const duePartition = (shard: number) => `NOTIFYDUE#${shard}`;
/** The due index's sort key: when it is due, then its id (unique, so two due at once never collide). */
export const dueSortKey = (atIso: string, id: string) => `${atIso}#${id}`;

/**
 * The outbox items of one change: one per bucket configuration it matches, each carrying the event's exact JSON (every
 * attempt sends the same bytes) and due at once. The writers put them in the same DynamoDB transaction as the change
 * itself, so an event exists if and only if its change was committed. No configuration, no item: a bucket without
 * notifications writes exactly what it wrote before.
 */
export function notificationItems(bucket: BucketRecord, change: ObjectChange, region: string): Record<string, unknown>[] {
  return matchingConfigurations(bucket.notification, change.eventName, change.key).map((configuration, index) => {
    const id = randomUUID();
    const at = change.time.toISOString();
    return {
      ...notificationKey(id),
      kind: 'notification',
      id,
      bucket: change.bucket,
      ownerId: bucket.ownerId,
      topicName: topicNameOf(configuration.topicArn) ?? '',
      topicArn: configuration.topicArn,
      configurationId: configuration.id,
      eventName: change.eventName,
      key: change.key,
      body: eventMessage(change, configuration, { eventId: id, region }),
      state: 'pending',
      attempts: [],
      eventAt: at,
      nextAttemptAt: at,
      GSI1PK: duePartition((Number.parseInt(id.slice(0, 2), 16) + index) % NOTIFICATION_SHARDS),
      GSI1SK: dueSortKey(at, id),
      expiresAt: Math.floor(change.time.getTime() / 1000) + RECORD_TTL_SECONDS,
    };
  });
}
