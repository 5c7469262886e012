import { runPassesFor } from '../../delivery/pass-loop';
import { startPassTimer } from '../../scheduling/pass-timer';
import { type DeliveryDependencies, type DeliveryRun, deliverDueWebhooks } from './deliver-webhooks';

/** Runs delivery passes for `forMs` (a scheduled invocation), pausing `everyMs` between passes that found nothing. */
export function runDeliveryLoop(deps: DeliveryDependencies, options: { forMs: number; everyMs: number }): Promise<DeliveryRun> {
  const empty: DeliveryRun = { fannedOut: 0, attempted: 0, delivered: 0, failed: 0 };
  return runPassesFor((stopAt) => deliverDueWebhooks(deps, { stopAt }), empty, options);
}

/** The same passes on a timer, for `npm start` and the benchmarks (lib/scheduling/pass-timer.ts). */
export function startDeliveryTimer(
  deps: DeliveryDependencies,
  options: { everyMs: number; onRun?: (run: DeliveryRun) => void; onError?: (error: unknown) => void },
): { stop: () => Promise<void> } {
  return startPassTimer(() => deliverDueWebhooks(deps), options);
}
