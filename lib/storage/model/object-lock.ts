/** GOVERNANCE can be lifted by the bucket owner with x-amz-bypass-governance-retention; COMPLIANCE by nobody. */
export type RetentionMode = 'GOVERNANCE' | 'COMPLIANCE';
export const RETENTION_MODES: readonly RetentionMode[] = ['GOVERNANCE', 'COMPLIANCE'];

export interface Retention {
  mode: RetentionMode;
  /** ISO 8601, millisecond precision: the version cannot be deleted before it. */
  retainUntil: string;
}

export type LegalHoldStatus = 'ON' | 'OFF';

/** The lock state of one version; absent on versions written without lock (and before lock existed). */
export interface ObjectLock {
  retention?: Retention;
  /** OFF is kept once set: GET ?legal-hold answers OFF rather than "no configuration". */
  legalHold?: LegalHoldStatus;
}

/** A bucket's default retention: exactly one of days and years, a positive integer. */
export interface DefaultRetention {
  mode: RetentionMode;
  days?: number;
  years?: number;
}

/** Object lock on a bucket: present = enabled (it can never be disabled, as in S3). */
export interface BucketObjectLock {
  defaultRetention?: DefaultRetention;
}

/** `{ lock }` to spread into a record, or nothing (records without lock carry no lock attribute). */
export const lockField = (lock: ObjectLock | undefined): { lock?: ObjectLock } => (lock ? { lock } : {});
