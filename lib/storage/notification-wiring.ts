import type { AwsClients, ResourceNames } from '../aws';
import type { ServiceConfig } from '../config';
import { HttpPushSender } from '../delivery/push-sender';
import type { MetricsSink } from '../metrics';
import type { NotificationDeliveryDeps } from './notifications/deliver-notifications';
import { DynamoNotificationOutbox } from './notifications/notification-outbox-store';
import { TopicRepository } from './notifications/topic-repository';

/**
 * The notification drainer's dependencies (the scheduled function, and the local stack's timer, against its stage):
 * a wiring of its own, so the drainer loads the table client and the HTTP sender only, not the storage functions' S3,
 * KMS and secrets clients.
 */
export function createNotificationDelivery(
  clients: Pick<AwsClients, 'documents'>,
  names: Pick<ResourceNames, 'storageTable'>,
  config: Pick<ServiceConfig, 'webhookAllowPrivate' | 'webhookRetryBaseSeconds'>,
  sink?: MetricsSink,
): NotificationDeliveryDeps {
  return {
    ...(sink ? { metrics: sink } : {}),
    outbox: new DynamoNotificationOutbox(clients.documents, names.storageTable),
    topics: new TopicRepository(clients.documents, names.storageTable),
    sender: new HttpPushSender({ allowPrivate: config.webhookAllowPrivate }),
    now: () => new Date(),
    retryBaseSeconds: config.webhookRetryBaseSeconds,
    allowPrivate: config.webhookAllowPrivate,
  };
}
