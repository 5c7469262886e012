import type { ObjectLock } from './object-lock';

/** The lock headers GET and HEAD return for a version (none for a version written without lock). */
export function objectLockHeaders(lock: ObjectLock | undefined): Record<string, string> {
  if (!lock) return {};
  return {
    ...(lock.retention
      ? {
          'x-amz-object-lock-mode': lock.retention.mode,
          'x-amz-object-lock-retain-until-date': lock.retention.retainUntil,
        }
      : {}),
    ...(lock.legalHold ? { 'x-amz-object-lock-legal-hold': lock.legalHold } : {}),
  };
}
