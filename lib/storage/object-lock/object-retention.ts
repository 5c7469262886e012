import type { Principal } from '../auth/principal';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { parseRetention } from '../xml/object-lock-documents';
import { bypassGovernanceRequested, governanceBypassed } from './lock-request-headers';
import { assertFutureDate, assertRetentionChange } from './lock-rules';
import type { Retention } from './object-lock';
import { changeVersionLock, lockEnabledBucket, type VersionTarget, versionLock } from './version-lock-access';

type Headers = Readonly<Record<string, readonly string[]>>;

/** GetObjectRetention: 404 NoSuchObjectLockConfiguration for a version that has none. */
export async function getObjectRetention(deps: StorageDeps, principal: Principal, target: VersionTarget): Promise<Retention> {
  const retention = (await versionLock(deps, principal, target, 'GetObjectRetention'))?.retention;
  if (!retention) throw new StorageError('NoSuchObjectLockConfiguration');
  return retention;
}

/**
 * PutObjectRetention: a new retention (its date in the future), or none (`<Retention/>`); the rules of
 * `assertRetentionChange` decide against the version's retention as read in the same conditional round.
 */
export async function putObjectRetention(
  deps: StorageDeps,
  principal: Principal,
  target: VersionTarget,
  request: { headers: Headers; body: Buffer },
): Promise<void> {
  const bucket = await lockEnabledBucket(deps, target.bucket);
  const next = parseRetention(request.body.toString('utf8'));
  const now = deps.now();
  if (next) assertFutureDate(next.retainUntil, now, 'RetainUntilDate');
  const bypass = governanceBypassed(principal, bucket, bypassGovernanceRequested(request.headers));
  await changeVersionLock(deps, principal, bucket, target, 'PutObjectRetention', (current) => {
    assertRetentionChange(current?.retention, next, now, bypass);
    const { retention: _replaced, ...rest } = current ?? {};
    return next ? { ...rest, retention: next } : rest;
  });
}
