import { describe, expect, it } from 'vitest';
import type { BucketRecord } from '../../../../lib/storage/model/bucket';
import { eventCovers } from '../../../../lib/storage/notifications/event-names';
import { eventKey, eventMessage } from '../../../../lib/storage/notifications/notification-event';
import { matchingConfigurations } from '../../../../lib/storage/notifications/notification-filter';
import { notificationItems } from '../../../../lib/storage/notifications/notification-outbox';
import { sequencerAt } from '../../../../lib/storage/notifications/sequencer';

const ARN = 'arn:aws:sns:us-east-1::t1';

describe('notification events', () => {
  it("matches by event name (a group's * or exact), prefix and suffix", () => {
    expect(eventCovers('s3:ObjectCreated:*', 'ObjectCreated:Copy')).toBe(true);
    expect(eventCovers('s3:ObjectCreated:Put', 'ObjectCreated:Post')).toBe(false);
    expect(eventCovers('s3:ObjectRemoved:*', 'LifecycleExpiration:Delete')).toBe(false);
    expect(eventCovers('s3:LifecycleExpiration:*', 'LifecycleExpiration:DeleteMarkerCreated')).toBe(true);
    const configuration = [
      { id: 'all', topicArn: ARN, events: ['s3:ObjectCreated:*'] },
      { id: 'txt', topicArn: ARN, events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'], prefix: 'in/', suffix: '.txt' },
    ];
    const ids = (event: Parameters<typeof matchingConfigurations>[1], key: string) =>
      matchingConfigurations(configuration, event, key).map((entry) => entry.id);
    expect(ids('ObjectCreated:Put', 'in/a.txt')).toEqual(['all', 'txt']);
    expect(ids('ObjectCreated:Put', 'in/a.jpg')).toEqual(['all']);
    expect(ids('ObjectCreated:Put', 'out/a.txt')).toEqual(['all']);
    expect(ids('ObjectRemoved:Delete', 'in/a.txt')).toEqual(['txt']);
    expect(ids('ObjectRemoved:Delete', 'in/a.jpg')).toEqual([]);
    expect(matchingConfigurations(undefined, 'ObjectCreated:Put', 'k')).toEqual([]);
  });

  it("writes S3's event record: URL-encoded key, size and eTag for creations only, the sequencer, RGW's eventId", () => {
    const body = JSON.parse(
      eventMessage(
        {
          eventName: 'ObjectCreated:Put',
          bucket: 'b1',
          bucketOwnerId: 'owner',
          key: 'in/a b+c.txt',
          principalId: 'writer',
          size: 5,
          etag: 'abc',
          versionId: 'v1',
          sequencer: '0000000000010001',
          time: new Date('2026-01-02T03:04:05.006Z'),
        },
        { id: 'cfg' },
        { eventId: 'e1', region: 'us-east-1' },
      ),
    );
    expect(body).toEqual({
      Records: [
        {
          eventVersion: '2.1',
          eventSource: 'aws:s3',
          awsRegion: 'us-east-1',
          eventTime: '2026-01-02T03:04:05.006Z',
          eventName: 'ObjectCreated:Put',
          userIdentity: { principalId: 'writer' },
          requestParameters: { sourceIPAddress: '' },
          responseElements: {},
          s3: {
            s3SchemaVersion: '1.0',
            configurationId: 'cfg',
            bucket: { name: 'b1', ownerIdentity: { principalId: 'owner' }, arn: 'arn:aws:s3:::b1' },
            object: { key: 'in/a+b%2Bc.txt', size: 5, eTag: 'abc', versionId: 'v1', sequencer: '0000000000010001' },
          },
          eventId: 'e1',
        },
      ],
    });
    expect(eventKey('a/ü é')).toBe('a/%C3%BC+%C3%A9');
  });

  it('sequencers are fixed-width hex that sort by time', () => {
    const a = sequencerAt(1_700_000_000_000);
    const b = sequencerAt(1_700_000_000_001);
    expect(a).toMatch(/^[0-9A-F]{16}$/);
    expect(a < b).toBe(true);
  });

  it('builds one due outbox item per matching configuration, none for a bucket without one', () => {
    const bucket = {
      name: 'b1',
      ownerId: 'owner',
      notification: [
        { id: 'one', topicArn: ARN, events: ['s3:ObjectCreated:*'] },
        { id: 'two', topicArn: 'arn:aws:sns:us-east-1::t2', events: ['s3:ObjectCreated:Put'], suffix: '.jpg' },
      ],
    } as BucketRecord;
    const change = {
      eventName: 'ObjectCreated:Put' as const,
      bucket: 'b1',
      bucketOwnerId: 'owner',
      key: 'k.txt',
      principalId: 'p',
      sequencer: '1',
      time: new Date('2026-01-01T00:00:00Z'),
    };
    const items = notificationItems(bucket, change, 'us-east-1');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'notification',
      topicName: 't1',
      configurationId: 'one',
      state: 'pending',
      attempts: [],
      nextAttemptAt: '2026-01-01T00:00:00.000Z',
      GSI1PK: expect.stringMatching(/^NOTIFYDUE#[0-3]$/),
      GSI1SK: expect.stringMatching(/^2026-01-01T00:00:00.000Z#/),
    });
    expect(notificationItems({ ...bucket, notification: undefined }, change, 'us-east-1')).toEqual([]);
  });
});
