/** Attempts per delivery, the first included (DESIGN §7.2). */
export const MAX_ATTEMPTS = 8;
/** A delivery counts only with a 2xx answer within this time. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Seconds to wait after failed attempt number `attempt` (1-based) before the next one: base, 4×base, 16×base…
 * (with the default 60 s: 1 min, 4 min, 16 min, ~1 h, ~4.3 h, ~17 h, ~2.8 days; the 8th attempt is the last).
 * Undefined when no attempt follows.
 */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number | undefined {
  if (attempt >= MAX_ATTEMPTS) return undefined;
  return baseSeconds * 4 ** (attempt - 1);
}
