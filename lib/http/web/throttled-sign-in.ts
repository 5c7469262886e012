import type { SignInThrottleStore } from './sign-in-throttle-store';

export type SignInOutcome<S> =
  | { ok: true; session: S }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export type SignInAuditOutcome = 'throttled' | 'failed' | 'succeeded';

/** What the audit log says of each outcome (a failure in the surface's own words). */
const OUTCOME_TEXT = { throttled: 'refused: too many failed attempts', succeeded: 'session opened' } as const;

/**
 * One sign-in attempt under the throttle (SignInThrottleStore: per identity and address, and per address, never per
 * identity alone). The attempt reserves its slot first; when a limit is reached it is refused without checking the
 * credentials (else the pause would tell a right guess from a wrong one). A failure keeps its slot, a success gives it
 * back. Every outcome goes to `audit`, with its text.
 */
export async function throttledSignIn<S>(input: {
  throttle: Pick<SignInThrottleStore, 'reserve' | 'release'>;
  /** Who the attempt claims to be (an e-mail, an access key id): hashed by the store. */
  identity: string;
  address: string;
  now: Date;
  /** The new session, or undefined when the credentials are wrong. */
  attempt: () => Promise<S | undefined>;
  failedText: string;
  audit: (outcome: SignInAuditOutcome, text: string) => Promise<void>;
}): Promise<SignInOutcome<S>> {
  const { throttle, identity, address, now, audit } = input;
  const retryAfterSeconds = await throttle.reserve(identity, address, now);
  if (retryAfterSeconds !== undefined) {
    await audit('throttled', OUTCOME_TEXT.throttled);
    return { ok: false, reason: 'throttled', retryAfterSeconds };
  }
  const session = await input.attempt();
  if (session === undefined) {
    await audit('failed', input.failedText);
    return { ok: false, reason: 'invalid' };
  }
  await throttle.release(identity, address, now);
  await audit('succeeded', OUTCOME_TEXT.succeeded);
  return { ok: true, session };
}
