import type { LoginThrottleStore, ThrottleKey } from './login-throttle-store';

export type SignInOutcome<S> =
  | { ok: true; session: S }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export type SignInAuditOutcome = 'throttled' | 'failed' | 'succeeded';

/** What the audit log says of each outcome (a failure in the surface's own words). */
const OUTCOME_TEXT = { throttled: 'refused: too many failed attempts', succeeded: 'session opened' } as const;

/**
 * One sign-in attempt under the throttle. While any key is over its limit the attempt is refused without checking the
 * credentials (else the pause would tell a right guess from a wrong one); a failed attempt counts on every key. Every
 * outcome goes to `audit`, with its text.
 */
export async function throttledSignIn<S>(input: {
  throttle: Pick<LoginThrottleStore, 'retryAfter' | 'recordFailure'>;
  keys: ThrottleKey[];
  now: Date;
  /** The new session, or undefined when the credentials are wrong. */
  attempt: () => Promise<S | undefined>;
  failedText: string;
  audit: (outcome: SignInAuditOutcome, text: string) => Promise<void>;
}): Promise<SignInOutcome<S>> {
  const { throttle, keys, now, audit } = input;
  const retryAfterSeconds = await throttle.retryAfter(keys, now);
  if (retryAfterSeconds !== undefined) {
    await audit('throttled', OUTCOME_TEXT.throttled);
    return { ok: false, reason: 'throttled', retryAfterSeconds };
  }
  const session = await input.attempt();
  if (session === undefined) {
    await throttle.recordFailure(keys, now);
    await audit('failed', input.failedText);
    return { ok: false, reason: 'invalid' };
  }
  await audit('succeeded', OUTCOME_TEXT.succeeded);
  return { ok: true, session };
}
