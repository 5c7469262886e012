import { startPassTimer } from '../../scheduling/pass-timer';
import { type DeliveryDependencies, type DeliveryRun, deliverDueWebhooks } from './deliver-webhooks';

/** Runs delivery passes for `forMs` (a scheduled invocation), pausing `everyMs` between passes that found nothing. */
export async function runDeliveryLoop(
  deps: DeliveryDependencies,
  options: { forMs: number; everyMs: number },
): Promise<DeliveryRun> {
  const totals: DeliveryRun = { fannedOut: 0, attempted: 0, delivered: 0, failed: 0 };
  const until = Date.now() + options.forMs;
  while (Date.now() < until) {
    const run = await deliverDueWebhooks(deps, { stopAt: until });
    for (const key of Object.keys(totals) as (keyof DeliveryRun)[]) totals[key] += run[key];
    if (run.fannedOut + run.attempted === 0) await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
  return totals;
}

/** The same passes on a timer, for `npm start` and the benchmarks (lib/scheduling/pass-timer.ts). */
export function startDeliveryTimer(
  deps: DeliveryDependencies,
  options: { everyMs: number; onRun?: (run: DeliveryRun) => void; onError?: (error: unknown) => void },
): { stop: () => Promise<void> } {
  return startPassTimer(() => deliverDueWebhooks(deps), options);
}
