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

/**
 * The same passes on a timer, for `npm start`: one pass at a time, every `everyMs`, until stop() (which waits for a
 * pass under way). Failures are reported and the timer carries on.
 */
export function startDeliveryTimer(
  deps: DeliveryDependencies,
  options: { everyMs: number; onRun?: (run: DeliveryRun) => void; onError?: (error: unknown) => void },
): { stop: () => Promise<void> } {
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    current = deliverDueWebhooks(deps)
      .then((run) => options.onRun?.(run))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.everyMs);
      });
  };
  timer = setTimeout(tick, options.everyMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
