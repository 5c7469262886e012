import { StorageError } from './errors';
import type { BucketObjectLock, DefaultRetention, ObjectLock, Retention } from './object-lock';

const DAY_MS = 86_400_000;

/** A retention protects until its date; an expired one protects nothing (and may then be changed freely, as in S3). */
export const retentionActive = (retention: Retention | undefined, now: Date): retention is Retention =>
  retention !== undefined && new Date(retention.retainUntil).getTime() > now.getTime();

/** Locked for deletion: a legal hold, or a retention in the future (GOVERNANCE unless bypassed). */
export function deletionLocked(lock: ObjectLock | undefined, now: Date, bypassGovernance: boolean): boolean {
  if (lock?.legalHold === 'ON') return true;
  const retention = lock?.retention;
  if (!retentionActive(retention, now)) return false;
  return retention.mode === 'COMPLIANCE' || !bypassGovernance;
}

/** DELETE ?versionId (and every other path that removes a version for good) refuses a locked version. */
export function assertDeletable(lock: ObjectLock | undefined, now: Date, bypassGovernance: boolean): void {
  if (deletionLocked(lock, now, bypassGovernance)) {
    throw new StorageError('AccessDenied', 'The object version is protected by object lock and cannot be deleted.');
  }
}

/**
 * PUT ?retention over an existing retention. While it is active: COMPLIANCE can only be kept or extended;
 * GOVERNANCE can be extended, and shortened, removed or turned into COMPLIANCE only with the governance bypass.
 */
export function assertRetentionChange(
  current: Retention | undefined,
  next: Retention | undefined,
  now: Date,
  bypassGovernance: boolean,
): void {
  if (!retentionActive(current, now)) return;
  const shortened = next === undefined || new Date(next.retainUntil).getTime() < new Date(current.retainUntil).getTime();
  const modeChanged = next !== undefined && next.mode !== current.mode;
  if (!shortened && !modeChanged) return;
  if (current.mode === 'COMPLIANCE') {
    throw new StorageError('AccessDenied', 'A COMPLIANCE retention can be extended, never shortened, removed or changed.');
  }
  if (!bypassGovernance) {
    throw new StorageError(
      'AccessDenied',
      'Shortening, removing or changing a GOVERNANCE retention needs x-amz-bypass-governance-retention from the bucket owner.',
    );
  }
}

/** The retain-until date a bucket's default rule gives a version written at `now` (a year is 365 days, as RGW counts). */
export function defaultRetainUntil(rule: DefaultRetention, now: Date): string {
  const days = rule.days ?? (rule.years ?? 0) * 365;
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** A new version's lock: what the request asked for, else the bucket's default retention (none on a bucket without lock). */
export function lockForNewVersion(
  bucketLock: BucketObjectLock | undefined,
  requested: ObjectLock | undefined,
  now: Date,
): ObjectLock | undefined {
  const rule = bucketLock?.defaultRetention;
  if (requested?.retention || !rule) return requested;
  return { ...requested, retention: { mode: rule.mode, retainUntil: defaultRetainUntil(rule, now) } };
}

/** A retention date given by a client: in the future, or InvalidArgument. */
export function assertFutureDate(retainUntil: string, now: Date, argument: string): void {
  if (new Date(retainUntil).getTime() <= now.getTime()) {
    throw new StorageError('InvalidArgument', 'The retain until date must be in the future.', { ArgumentName: argument });
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 date-time with a zone (as clients send retain-until dates), normalised to UTC milliseconds; undefined if it is not one. */
export function parseIsoInstant(text: string): string | undefined {
  const trimmed = text.trim();
  if (!ISO_INSTANT.test(trimmed)) return undefined;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
