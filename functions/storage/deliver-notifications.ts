import { resourceNames } from '../../lib/aws';
import { tableClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { runPassesFor } from '../../lib/delivery/pass-loop';
import { logger } from '../../lib/log';
import { metrics } from '../../lib/metrics/metrics-wiring';
import { createNotificationDelivery } from '../../lib/storage/notification-wiring';
import { deliverDueNotifications } from '../../lib/storage/notifications/deliver-notifications';

/**
 * Every minute (schedule): passes over the bucket notification outbox every 2 s for ~45 s, then claims nothing new,
 * so with sends bounded by 10 s it ends inside its 60 s timeout (the gateway's deliverWebhooks, for storage events).
 * Outbox state is in DynamoDB: overlapping or crashed invocations lose nothing (at least once).
 */
const config = serviceConfig();
const deps = createNotificationDelivery(tableClients(), resourceNames(config), config, metrics());

export const handler = async () => {
  const totals = await runPassesFor(
    (stopAt) => deliverDueNotifications(deps, { stopAt }),
    { attempted: 0, delivered: 0, failed: 0 },
    { forMs: config.webhookLoopSeconds * 1000, everyMs: 2_000 },
  );
  logger().info('bucket notification deliveries', { ...totals });
  return totals;
};
