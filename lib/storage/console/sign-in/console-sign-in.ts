import { randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../../crypto/constant-time';
import { newSessionId, type RequestOrigin, type SignInOutcome, throttledSignIn } from '../../../http/web';
import { auditAction, type ConsoleActor } from '../console-actor';
import type { ConsoleDependencies } from '../console-dependencies';
import { CONSOLE_SESSION_TTL_SECONDS, type ConsoleSession } from '../sessions/console-session';

export type SignInResult = SignInOutcome<ConsoleSession>;

/** Compared against when the access key is unknown, so both mistakes cost the same work. */
const DECOY_SECRET = randomBytes(30).toString('base64');

/**
 * Access key id + secret key, checked against the stored (sealed) secret exactly as the S3 authenticator resolves
 * it. The answer never says whether the access key exists, and the limits count unknown keys too. A paused
 * attempt is refused even with the right secret (else the pause would be an oracle), for the rest of its window
 * only, and it pauses console sign-in alone, never API access. The secret is neither logged, audited, nor kept in
 * the session.
 */
export async function signIn(
  deps: ConsoleDependencies,
  input: { accessKey: string; secretKey: string; origin: RequestOrigin },
): Promise<SignInResult> {
  const now = deps.now();
  const accessKey = input.accessKey.trim().slice(0, 128);
  const resolved = accessKey === '' ? undefined : await deps.keys.resolveAccessKey(accessKey);
  return throttledSignIn({
    throttle: deps.throttle,
    identity: accessKey,
    address: input.origin.ip,
    now,
    failedText: 'refused: wrong access key or secret key',
    attempt: async () => {
      const matches = constantTimeEqual(input.secretKey.slice(0, 1024), resolved?.secretKey ?? DECOY_SECRET);
      if (!resolved || !matches) return undefined;
      const session: ConsoleSession = {
        id: newSessionId(),
        userId: resolved.user.id,
        displayName: resolved.user.displayName,
        accessKey,
        createdAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + CONSOLE_SESSION_TTL_SECONDS,
      };
      await deps.sessions.save(session);
      return session;
    },
    audit: (outcome, text) =>
      deps.audit.record(resolved?.user.id, {
        at: now.toISOString(),
        action: SIGN_IN_ACTIONS[outcome],
        actor: accessKey,
        outcome: text,
        ...input.origin,
      }),
  });
}

const SIGN_IN_ACTIONS = { throttled: 'sign_in_throttled', failed: 'sign_in_failed', succeeded: 'sign_in' } as const;

/** Sign-out: the session is deleted server-side (a copied cookie dies with it), and audited. */
export async function signOut(deps: ConsoleDependencies, actor: ConsoleActor): Promise<void> {
  await deps.sessions.delete(actor.session.id);
  await auditAction(deps, actor, 'sign_out', 'session closed');
}
