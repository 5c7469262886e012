import type { SendResult } from './push-sender';
import { MAX_ATTEMPTS, retryDelaySeconds } from './retry-schedule';

/** One try at delivering a push (a webhook event, a bucket notification), as its delivery record keeps it. */
export interface Attempt {
  n: number;
  at: string;
  status: number | null;
  durationMs: number;
  outcome: SendResult['outcome'];
  excerpt: string;
  /** Sent because someone pressed "Resend" (does not count toward the 8 automatic attempts). */
  manual: boolean;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** The record of an attempt that started at `started` and ended with `result`. */
export function attemptRecord(n: number, started: Date, result: SendResult, manual: boolean): Attempt {
  return {
    n,
    at: started.toISOString(),
    status: result.status ?? null,
    durationMs: result.durationMs,
    outcome: result.outcome,
    excerpt: result.excerpt,
    manual,
  };
}

/**
 * What follows an attempt (DESIGN §7.2): delivered on a 2xx; otherwise due again after the retry schedule's delay,
 * counted over the automatic attempts made so far (this one included), or failed for good once they are spent or when
 * `retry` is false (a manual resend, a target that is gone).
 */
export function nextAfter(
  outcome: SendResult['outcome'],
  automaticAttempts: number,
  options: { retry: boolean; retryBaseSeconds: number; now: Date },
): { state: DeliveryState; nextAttemptAt?: string } {
  if (outcome === 'delivered') return { state: 'delivered' };
  const delay = options.retry ? retryDelaySeconds(automaticAttempts, options.retryBaseSeconds) : undefined;
  if (delay === undefined || automaticAttempts >= MAX_ATTEMPTS) return { state: 'failed' };
  return { state: 'pending', nextAttemptAt: new Date(options.now.getTime() + delay * 1000).toISOString() };
}
