/**
 * A scheduled function's pass on a timer, for local stacks (`npm start`, benchmarks): one pass at a time, `everyMs`
 * after the previous one ended, until stop() (which waits for a pass under way). Failures are reported and the timer
 * carries on, as a schedule would.
 */
export function startPassTimer<T>(
  pass: () => Promise<T>,
  options: { everyMs: number; onRun?: (run: T) => void; onError?: (error: unknown) => void },
): { stop: () => Promise<void> } {
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    current = pass()
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
