import type { BucketRecord } from '../buckets/bucket';
import type { StorageDeps } from '../storage-deps';
import type { EventName } from './event-names';
import type { ObjectChange } from './notification-event';
import { notificationItems } from './notification-outbox';
import { sequencerAt } from './sequencer';

/** Why a writer changes a key, as its notification names it: the event and who asked. */
export interface NotifyCause {
  event: EventName;
  principalId: string;
}

/**
 * The notification records a change adds to its own transaction (the one seam: object-writer.ts, version-writer.ts
 * and the unversioned delete call it while building their commit). Empty, and free, when the bucket has no
 * configuration (it came with the bucket record the request already read) or none matches.
 */
export function changeOutbox(
  deps: StorageDeps,
  bucket: BucketRecord,
  cause: NotifyCause | undefined,
  object: Pick<ObjectChange, 'key'> & Partial<Pick<ObjectChange, 'size' | 'etag' | 'versionId'>>,
  /** The change's place in the key's order (a version seq's millisecond; the clock for unversioned keys). */
  orderMs: number,
): Record<string, unknown>[] {
  if (!cause || !bucket.notification || !deps.notifications) return [];
  const time = deps.now();
  return notificationItems(
    bucket,
    {
      eventName: cause.event,
      bucket: bucket.name,
      bucketOwnerId: bucket.ownerId,
      principalId: cause.principalId,
      sequencer: sequencerAt(orderMs),
      time,
      ...object,
    },
    deps.notifications.region,
  );
}
