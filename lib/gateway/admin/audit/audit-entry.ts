/** What the Activity page shows and the audit log keeps: who, when, what, from where. */
export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'logout'
  | 'capture'
  | 'refund'
  | 'webhook_added'
  | 'webhook_removed'
  | 'webhook_resent'
  | 'retorno_imported';

export interface AuditEntry {
  at: string;
  action: AuditAction;
  /** The admin user's e-mail as typed (failed logins) or as logged in. */
  actor: string;
  /** The transaction concerned, for capture and refund. */
  transactionId?: number;
  /** The result: the new status, or why it was refused. */
  outcome: string;
  ip: string;
  userAgent: string;
}

/** Audit entries are kept for 400 days (a year and a bit, for yearly reviews), then removed by TTL. */
export const AUDIT_RETENTION_SECONDS = 400 * 24 * 3600;
