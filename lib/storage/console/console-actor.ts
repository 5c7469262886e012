import type { RequestOrigin } from '../../http/web';
import type { Principal } from '../auth/principal';
import type { ConsoleAuditAction } from './audit/console-audit';
import type { ConsoleDependencies } from './console-dependencies';
import type { SigningCredentials } from './presign/presigned-url';
import type { ConsoleSession } from './sessions/console-session';

/**
 * Who a console request acts as: the session's user as a signed S3 Principal (the ACL evaluator sees exactly what it
 * would see for the user's own API call), with the credentials resolved for this request only (presigned URLs are
 * signed with them; they never reach the session, a log or a page).
 */
export interface ConsoleActor {
  principal: Principal & { kind: 'user' };
  session: ConsoleSession;
  credentials: SigningCredentials;
  origin: RequestOrigin;
}

/** The session's access key resolved again, as every S3 request resolves its own: undefined once the key is revoked. */
export async function actorOf(
  deps: ConsoleDependencies,
  session: ConsoleSession,
  origin: RequestOrigin,
): Promise<ConsoleActor | undefined> {
  const resolved = await deps.keys.resolveAccessKey(session.accessKey);
  if (!resolved || resolved.user.id !== session.userId) return undefined;
  return {
    principal: { kind: 'user', user: resolved.user },
    session,
    credentials: { accessKey: session.accessKey, secretKey: resolved.secretKey },
    origin,
  };
}

/** One audit entry for an action of the signed-in user. */
export function auditAction(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  action: ConsoleAuditAction,
  outcome: string,
  target?: string,
): Promise<void> {
  return deps.audit.record(actor.session.userId, {
    at: deps.now().toISOString(),
    action,
    actor: actor.session.accessKey,
    ...(target === undefined ? {} : { target }),
    outcome,
    ...actor.origin,
  });
}
