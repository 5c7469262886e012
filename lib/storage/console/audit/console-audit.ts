import type { RequestOrigin } from '../../../http/web';

/** Sign-ins and what cannot be undone (deletes, restores over the current object, making data public or private). */
export type ConsoleAuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_in_throttled'
  | 'sign_out'
  | 'bucket_created'
  | 'bucket_deleted'
  | 'bucket_settings'
  | 'object_deleted'
  | 'object_acl'
  | 'version_restored';

export interface ConsoleAuditEntry extends RequestOrigin {
  at: string;
  action: ConsoleAuditAction;
  /** The access key id as typed (failed sign-ins) or signed in with; never a secret. */
  actor: string;
  /** The bucket, or `bucket/key`, acted on. */
  target?: string;
  /** The result: what changed, or why it was refused. */
  outcome: string;
}

/** Where audit entries go (port): one partition per storage user in the storage table. */
export interface ConsoleAuditLog {
  record(userId: string | undefined, entry: ConsoleAuditEntry): Promise<void>;
}

/** Kept 400 days (yearly reviews), then removed by TTL. */
export const CONSOLE_AUDIT_RETENTION_SECONDS = 400 * 24 * 3600;
