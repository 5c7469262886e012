import { normaliseEmail } from '../../merchants/merchant';
import type { AdminDependencies, RequestOrigin } from '../admin-dependencies';
import { type AdminSession, SESSION_TTL_SECONDS } from '../sessions/admin-session';
import { newSessionId } from '../sessions/session-token';

export type LoginResult =
  | { ok: true; session: AdminSession }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

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
  const { ip } = input.origin;
  const audit = async (merchantId: string | undefined, action: 'login' | 'login_failed' | 'login_throttled', outcome: string) =>
    deps.audit.record(merchantId, { at: now.toISOString(), action, actor: email, outcome, ...input.origin });

  const retryAfterSeconds = await deps.throttle.reserve(email, ip, now);
  if (retryAfterSeconds !== undefined) {
    await audit((await deps.merchants.getAdminUser(email))?.merchantId, 'login_throttled', 'refused: too many failed attempts');
    return { ok: false, reason: 'throttled', retryAfterSeconds };
  }
  // scrypt of a megabyte-long "password" would only burn CPU: such input cannot be a password of ours.
  const user = input.password.length <= 1024 ? await deps.merchants.verifyAdminPassword(email, input.password) : undefined;
  if (!user) {
    // The attempt's reserved slot stays taken: it was a failure.
    await audit((await deps.merchants.getAdminUser(email))?.merchantId, 'login_failed', 'refused: wrong e-mail or password');
    return { ok: false, reason: 'invalid' };
  }
  await deps.throttle.release(email, ip, now);
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
  await audit(user.merchantId, 'login', 'session opened');
  return { ok: true, session };
}

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
