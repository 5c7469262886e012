import type { BucketRecord } from './bucket';
import { StorageError } from './errors';
import { assertFutureDate, parseIsoInstant } from './lock-rules';
import { type LegalHoldStatus, type ObjectLock, RETENTION_MODES, type RetentionMode } from './object-lock';
import type { Principal } from './principal';

type Headers = Readonly<Record<string, readonly string[]>>;

const MODE = 'x-amz-object-lock-mode';
const UNTIL = 'x-amz-object-lock-retain-until-date';
const LEGAL_HOLD = 'x-amz-object-lock-legal-hold';
const BYPASS = 'x-amz-bypass-governance-retention';

const invalid = (name: string, message: string, value?: string) =>
  new StorageError('InvalidArgument', message, { ArgumentName: name, ...(value === undefined ? {} : { ArgumentValue: value }) });

/**
 * The lock a PutObject, CopyObject or CreateMultipartUpload asks for with the x-amz-object-lock-* headers:
 * mode and date together or neither; on a bucket without object lock any of them is 400 InvalidRequest.
 */
export function requestedObjectLock(bucket: BucketRecord, headers: Headers, now: Date): ObjectLock | undefined {
  const value = (name: string) => headers[name]?.join(',').trim();
  const mode = value(MODE);
  const until = value(UNTIL);
  const legalHold = value(LEGAL_HOLD);
  if (mode === undefined && until === undefined && legalHold === undefined) return undefined;
  if (!bucket.objectLock) throw new StorageError('InvalidRequest', 'Bucket is missing Object Lock Configuration');
  if ((mode === undefined) !== (until === undefined)) {
    throw invalid(
      mode === undefined ? MODE : UNTIL,
      'x-amz-object-lock-mode and x-amz-object-lock-retain-until-date must both be supplied',
    );
  }
  const lock: ObjectLock = {};
  if (mode !== undefined && until !== undefined) {
    if (!RETENTION_MODES.includes(mode as RetentionMode)) throw invalid(MODE, 'Unknown wormMode directive.', mode);
    const retainUntil = parseIsoInstant(until);
    if (retainUntil === undefined) throw invalid(UNTIL, 'The retain until date is not a valid ISO 8601 date.', until);
    assertFutureDate(retainUntil, now, UNTIL);
    lock.retention = { mode: mode as RetentionMode, retainUntil };
  }
  if (legalHold !== undefined) {
    if (legalHold !== 'ON' && legalHold !== 'OFF') throw invalid(LEGAL_HOLD, 'Legal Hold must be either of ON or OFF', legalHold);
    lock.legalHold = legalHold as LegalHoldStatus;
  }
  return lock;
}

/** The request asks to bypass GOVERNANCE retention (whether it may is `governanceBypassed`'s question). */
export const bypassGovernanceRequested = (headers: Headers): boolean =>
  headers[BYPASS]?.join(',').trim().toLowerCase() === 'true';

/**
 * The bypass counts only for the bucket's owner (with no bucket policies here, nobody else can be granted
 * s3:BypassGovernanceRetention); anyone else's header is ignored, so the lock holds against them.
 */
export const governanceBypassed = (principal: Principal, bucket: BucketRecord, requested: boolean): boolean =>
  requested && principal.kind === 'user' && principal.user.id === bucket.ownerId;

/** CreateBucket with `x-amz-bucket-object-lock-enabled: true`: a lock bucket, versioned from the start. */
export function objectLockAtCreation(headers: Headers): Pick<BucketRecord, 'versioning' | 'objectLock'> {
  const value = headers['x-amz-bucket-object-lock-enabled']?.join(',').trim().toLowerCase();
  if (value === undefined || value === 'false') return {};
  if (value !== 'true') {
    throw new StorageError('InvalidArgument', 'x-amz-bucket-object-lock-enabled must be true or false', {
      ArgumentName: 'x-amz-bucket-object-lock-enabled',
      ArgumentValue: value,
    });
  }
  return { versioning: 'Enabled', objectLock: {} };
}
