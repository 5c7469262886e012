import { resourceNames } from '../../lib/aws';
import { tableClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { createWebhookDelivery } from '../../lib/gateway/gateway-wiring';
import { runDeliveryLoop } from '../../lib/gateway/webhooks/delivery-loop';
import { logger } from '../../lib/log';
import { metrics } from '../../lib/metrics/metrics-wiring';

/**
 * Every minute (schedule): passes over the webhook outbox every 2 s for ~45 s, then claims nothing new, so with
 * sends bounded by 10 s it ends inside its 60 s timeout. An event waits seconds (at most ~20 s between two
 * invocations). Outbox state is in DynamoDB: overlapping or crashed invocations lose nothing (at-least-once).
 */
const deps = createWebhookDelivery(tableClients(), resourceNames(serviceConfig()), serviceConfig(), metrics());

export const handler = async () => {
  const totals = await runDeliveryLoop(deps, { forMs: serviceConfig().webhookLoopSeconds * 1000, everyMs: 2_000 });
  logger().info('webhook deliveries', { ...totals });
  return totals;
};
