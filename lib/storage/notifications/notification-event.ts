import type { EventName } from './event-names';

/** What one change tells its notifications: S3's event record needs nothing else. */
export interface ObjectChange {
  eventName: EventName;
  bucket: string;
  bucketOwnerId: string;
  key: string;
  /** Who made the change (userIdentity.principalId). */
  principalId: string;
  /** Created objects only (S3 sends no size or ETag for removals). */
  size?: number;
  etag?: string;
  /** The version made or removed; absent for a bucket that never had versioning. */
  versionId?: string;
  sequencer: string;
  time: Date;
}

/**
 * S3 keys in event records are URL-encoded as a form encodes them (a space is `+`), with `/` kept, as S3 sends them.
 */
export const eventKey = (key: string) => encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');

/**
 * S3's event message (eventVersion 2.1) for one configuration, plus RGW's `eventId` (receivers de-duplicate by it:
 * delivery is at least once). `region` is the stage's; `configurationId` the bucket configuration's Id.
 */
export function eventMessage(
  change: ObjectChange,
  configuration: { id: string },
  context: { eventId: string; region: string },
): string {
  const object: Record<string, unknown> = { key: eventKey(change.key) };
  if (change.size !== undefined) object.size = change.size;
  if (change.etag !== undefined) object.eTag = change.etag;
  if (change.versionId !== undefined) object.versionId = change.versionId;
  object.sequencer = change.sequencer;
  return JSON.stringify({
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: context.region,
        eventTime: change.time.toISOString(),
        eventName: change.eventName,
        userIdentity: { principalId: change.principalId },
        requestParameters: { sourceIPAddress: '' },
        responseElements: {},
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: configuration.id,
          bucket: {
            name: change.bucket,
            ownerIdentity: { principalId: change.bucketOwnerId },
            arn: `arn:aws:s3:::${change.bucket}`,
          },
          object,
        },
        eventId: context.eventId,
      },
    ],
  });
}
