import type { TopicCatalog } from './topic';

/** What the topic API and the notification configuration need beside the storage ports (storage-wiring.ts builds it). */
export interface NotificationSettings {
  topics: TopicCatalog;
  /** The region topic ARNs name (the stage's AWS_REGION). */
  region: string;
  /** `http://` and private push endpoints allowed (WEBHOOK_ALLOW_PRIVATE=1: local stacks only, as gateway webhooks). */
  allowPrivate: boolean;
}
