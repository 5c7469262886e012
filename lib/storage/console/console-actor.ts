import type { RequestOrigin } from '../../http/web';
import { withRequestFacts } from '../http/request-facts';
import type { Principal } from '../model/principal';
import type { ConsoleAuditAction } from './audit/console-audit';
import type { ConsoleDependencies } from './console-dependencies';
import type { SigningCredentials } from './presign/presigned-url';
import type { ConsoleSession } from './sessions/console-session';

type Headers = Readonly<Record<string, readonly string[]>>;

/** The S3 API call a console action stands for, as a bucket policy's conditions read it: its own headers and query. */
export interface ApiCall {
  headers?: Headers;
  query?: readonly (readonly [string, string])[];
}

/**
 * Who a console request acts as. There is no principal without the API call it makes: `as(call)` is the session's user
 * as the S3 API would see that call sent from this browser (its address as aws:SourceIp, its transport and agent, the
 * call's headers and query), built by the API's own request-facts builder, so a policy condition judges a console
 * action exactly as it judges the API call. The credentials are resolved for this request only (presigned URLs are
 * signed with them; they never reach the session, a log or a page).
 */
export interface ConsoleActor {
  as(call?: ApiCall): Principal & { kind: 'user' };
  session: ConsoleSession;
  credentials: SigningCredentials;
  origin: RequestOrigin;
}

/**
 * The console request's own headers that an API call from the same browser would carry too. X-Forwarded-Proto is not
 * one: whether the request came over TLS is the deployment's word (`overHttps`), as the S3 parser decides it.
 */
const TRANSPORT_HEADERS = ['user-agent', 'referer'];

/** The session's access key resolved again, as every S3 request resolves its own: undefined once the key is revoked. */
export async function actorOf(
  deps: ConsoleDependencies,
  session: ConsoleSession,
  origin: RequestOrigin,
  requestHeaders: Readonly<Record<string, string | undefined>> = {},
  overHttps = false,
): Promise<ConsoleActor | undefined> {
  const resolved = await deps.keys.resolveAccessKey(session.accessKey);
  if (!resolved || resolved.user.id !== session.userId) return undefined;
  const transport: Record<string, string[]> = { 'x-forwarded-proto': [overHttps ? 'https' : 'http'] };
  for (const [name, value] of Object.entries(requestHeaders)) {
    const lower = name.toLowerCase();
    if (value !== undefined && TRANSPORT_HEADERS.includes(lower)) transport[lower] = [value];
  }
  const principal = { kind: 'user', user: resolved.user } as const;
  return {
    as: ({ headers = {}, query = [] } = {}) =>
      withRequestFacts(
        principal,
        { ...(origin.ip === 'unknown' ? {} : { sourceIp: origin.ip }), headers: { ...transport, ...headers }, query },
        deps.now(),
      ),
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
