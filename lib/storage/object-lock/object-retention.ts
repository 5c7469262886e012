import { bypassGovernanceRequested, governanceBypassed } from '../model/lock-request-headers';
import { assertFutureDate, assertRetentionChange } from '../model/lock-rules';
import type { Retention } from '../model/object-lock';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { parseRetention } from '../xml/object-lock-documents';
import { changeVersionLock, type VersionTarget, versionLockPart } from './version-lock-access';

type Headers = Readonly<Record<string, readonly string[]>>;

/** GetObjectRetention: 404 NoSuchObjectLockConfiguration for a version that has none. */
export const getObjectRetention = (deps: StorageDeps, principal: Principal, target: VersionTarget): Promise<Retention> =>
  versionLockPart(deps, principal, target, 'GetObjectRetention', (lock) => lock.retention);

/**
 * PutObjectRetention: a new retention (its date in the future), or none (`<Retention/>`); the rules of
 * `assertRetentionChange` decide against the version's retention as read in the same conditional round.
 */
export const putObjectRetention = (
  deps: StorageDeps,
  principal: Principal,
  target: VersionTarget,
  request: { headers: Headers; body: Buffer },
): Promise<void> =>
  changeVersionLock(deps, principal, target, 'PutObjectRetention', (bucket) => {
    const next = parseRetention(request.body.toString('utf8'));
    const now = deps.now();
    if (next) assertFutureDate(next.retainUntil, now, 'RetainUntilDate');
    const bypass = governanceBypassed(principal, bucket, bypassGovernanceRequested(request.headers));
    return (current) => {
      assertRetentionChange(current?.retention, next, now, bypass);
      const { retention: _replaced, ...rest } = current ?? {};
      return next ? { ...rest, retention: next } : rest;
    };
  });
