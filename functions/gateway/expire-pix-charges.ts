import { resourceNames } from '../../lib/aws';
import { tableClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { createPixExpiry } from '../../lib/gateway/gateway-wiring';
import { runPixExpiryLoop } from '../../lib/gateway/use-cases/pix-expiry';
import { logger } from '../../lib/log';
import { metrics } from '../../lib/metrics/metrics-wiring';

/**
 * Every minute (schedule): an expiry pass every 10 s for ~50 s, so an unpaid Pix charge is negada within seconds of
 * its expiry, well inside the 60 s DESIGN §7.5 allows. Overlapping or failed invocations lose nothing: markers stay
 * until their charge has moved.
 */
const deps = createPixExpiry(tableClients(), resourceNames(serviceConfig()), metrics());

export const handler = async () => {
  const totals = await runPixExpiryLoop(deps, { forMs: 50_000, everyMs: 10_000 });
  logger().info('pix expiry', { ...totals });
  return totals;
};
