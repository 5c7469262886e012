import type { WebSession } from '../../../http/web';

/** A signed-in storage user, as the session item records it: who, never the secret key. */
export interface ConsoleSession extends WebSession {
  userId: string;
  displayName: string;
  /** The access key the user signed in with: each request resolves it again, so a revoked key ends the session. */
  accessKey: string;
  createdAt: string;
}

/** Sessions end after 8 hours whatever the activity, like the cookie that carries them. */
export const CONSOLE_SESSION_TTL_SECONDS = 8 * 3600;
