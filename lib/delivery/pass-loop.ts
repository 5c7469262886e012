/**
 * Runs delivery passes for `forMs` (one scheduled invocation), pausing `everyMs` after a pass that did nothing (all
 * its counts zero); each pass gets the deadline after which it claims nothing new. Returns the counts summed.
 */
export async function runPassesFor<R extends { [K in keyof R]: number }>(
  pass: (stopAt: number) => Promise<R>,
  empty: R,
  options: { forMs: number; everyMs: number },
): Promise<R> {
  const totals: Record<string, number> = { ...(empty as Record<string, number>) };
  const until = Date.now() + options.forMs;
  while (Date.now() < until) {
    const run = (await pass(until)) as Record<string, number>;
    let work = 0;
    for (const [key, count] of Object.entries(run)) {
      totals[key] = (totals[key] ?? 0) + count;
      work += count;
    }
    if (work === 0) await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
  return totals as unknown as R;
}
