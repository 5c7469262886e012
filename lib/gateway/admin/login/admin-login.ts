import { newSessionId, type SignInOutcome, throttledSignIn } from '../../../http/web';
import { normaliseEmail } from '../../merchants/merchant';
import type { AdminDependencies, RequestOrigin } from '../admin-dependencies';
import { type AdminSession, SESSION_TTL_SECONDS } from '../sessions/admin-session';

export type LoginResult = SignInOutcome<AdminSession>;

/**
 * E-mail + password login. The answer never says whether the account exists: a wrong e-mail and a
 * wrong password fail alike (same message, same scrypt work through the repository's decoy), and the
 * limits count unknown e-mails too. Limits are per (e-mail, address) and per address (SignInThrottleStore): someone
 * who knows an e-mail cannot lock its owner out from elsewhere. Every attempt is audited, refused ones included;
 * failures against a real account go to that merchant's Activity page.
 */
export async function logIn(
  deps: AdminDependencies,
  input: { email: string; password: string; origin: RequestOrigin },
): Promise<LoginResult> {
  const now = deps.now();
  const email = normaliseEmail(input.email).slice(0, 254);
  let merchantId: string | undefined;
  return throttledSignIn({
    throttle: deps.throttle,
    identity: email,
    address: input.origin.ip,
    now,
    failedText: 'refused: wrong e-mail or password',
    attempt: async () => {
      // scrypt of a megabyte-long "password" would only burn CPU: such input cannot be a password of ours.
      const user = input.password.length <= 1024 ? await deps.merchants.verifyAdminPassword(email, input.password) : undefined;
      if (!user) return undefined;
      merchantId = user.merchantId;
      const merchant = await deps.merchants.get(user.merchantId);
      const session: AdminSession = {
        id: newSessionId(),
        email: user.email,
        merchantId: user.merchantId,
        merchantName: merchant?.name ?? user.merchantId,
        createdAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + SESSION_TTL_SECONDS,
      };
      await deps.sessions.save(session);
      return session;
    },
    audit: async (outcome, text) => {
      // Failures against a real account go to that merchant's Activity page.
      const owner = merchantId ?? (await deps.merchants.getAdminUser(email))?.merchantId;
      const entry = { at: now.toISOString(), action: LOGIN_ACTIONS[outcome], actor: email, outcome: text, ...input.origin };
      await deps.audit.record(owner, entry);
    },
  });
}

const LOGIN_ACTIONS = { throttled: 'login_throttled', failed: 'login_failed', succeeded: 'login' } as const;

export async function logOut(deps: AdminDependencies, session: AdminSession, origin: RequestOrigin): Promise<void> {
  await deps.sessions.delete(session.id);
  await deps.audit.record(session.merchantId, {
    at: deps.now().toISOString(),
    action: 'logout',
    actor: session.email,
    outcome: 'session closed',
    ...origin,
  });
}
