import { bucketSetting } from '../bucket-settings/bucket-setting';
import { StorageError } from '../model/errors';
import { topicNameOf } from '../model/topic';
import { notificationConfigurationXml, parseNotificationConfiguration } from './notification-documents';

/**
 * `?notification`: the bucket owner's. Every topic a configuration names must be one of the bucket owner's topics
 * (created through the topic API), or S3's InvalidArgument and nothing is stored. The configuration lives on the
 * bucket record, so a write that reads its bucket (every write does) knows whether to notify without another read.
 */
export const NOTIFICATION_SETTING = bucketSetting({
  subresource: 'notification',
  field: 'notification',
  actions: { read: 'GetBucketNotification', write: 'PutBucketNotification' },
  notFound: { document: notificationConfigurationXml([]) },
  parse: parseNotificationConfiguration,
  toXml: notificationConfigurationXml,
  async accept(configuration, bucket, { deps }) {
    if (!deps.notifications) throw new StorageError('NotImplemented', 'Notifications are not configured on this stage');
    const { topics } = deps.notifications;
    for (const entry of configuration) {
      const name = topicNameOf(entry.topicArn);
      const topic = name === undefined ? undefined : await topics.get(bucket.ownerId, name);
      if (!topic || topic.arn !== entry.topicArn) {
        throw new StorageError('InvalidArgument', 'Unable to validate the following destination configurations', {
          ArgumentName: entry.topicArn,
          ArgumentValue: 'The destination topic does not exist',
        });
      }
    }
  },
});
