import type { ChangeOutbox } from '../store/storage-deps';
import { notificationItems } from './notification-outbox';
import { sequencerAt } from './sequencer';

/**
 * The change outbox of bucket notifications (the StorageDeps port the writers call while building their commit): one
 * record per matching configuration of the bucket, none (and no work) when the bucket has no configuration, which
 * came with the bucket record the request already read.
 */
export function notificationChangeOutbox(region: string, now: () => Date): ChangeOutbox {
  return (bucket, { event, principalId, orderMs, ...object }) => {
    if (!bucket.notification) return [];
    return notificationItems(
      bucket,
      {
        eventName: event,
        bucket: bucket.name,
        bucketOwnerId: bucket.ownerId,
        principalId,
        sequencer: sequencerAt(orderMs),
        time: now(),
        ...object,
      },
      region,
    );
  };
}
