import { awsClients, resourceNames } from '../../lib/aws';
import { serviceConfig } from '../../lib/config';
import { createWebhookDelivery } from '../../lib/gateway/container';
import { runDeliveryLoop } from '../../lib/gateway/webhooks/delivery-loop';
import { logger } from '../../lib/log';

/**
 * Every minute (schedule): passes over the webhook outbox every 2 s for ~50 s, so an event waits seconds, not a
 * minute, and the next invocation takes over before this one ends. Outbox state is in DynamoDB: overlapping or
 * crashed invocations lose and duplicate nothing beyond at-least-once.
 */
export const handler = async () => {
  const deps = createWebhookDelivery(awsClients(), resourceNames(), serviceConfig());
  const totals = await runDeliveryLoop(deps, { forMs: 50_000, everyMs: 2_000 });
  logger().info('webhook deliveries', { ...totals });
  return totals;
};
