import type { LegalHoldStatus } from '../model/object-lock';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { parseLegalHold } from '../xml/object-lock-documents';
import { changeVersionLock, type VersionTarget, versionLockPart } from './version-lock-access';

/** GetObjectLegalHold: the status last set (OFF included); 404 NoSuchObjectLockConfiguration if none ever was. */
export const getObjectLegalHold = (deps: StorageDeps, principal: Principal, target: VersionTarget): Promise<LegalHoldStatus> =>
  versionLockPart(deps, principal, target, 'GetObjectLegalHold', (lock) => lock.legalHold);

/** PutObjectLegalHold: ON or OFF, by anyone who may write to the bucket; no retention rule applies to it. */
export const putObjectLegalHold = (deps: StorageDeps, principal: Principal, target: VersionTarget, body: Buffer): Promise<void> =>
  changeVersionLock(deps, principal, target, 'PutObjectLegalHold', () => {
    const status = parseLegalHold(body.toString('utf8'));
    return (current) => ({ ...current, legalHold: status });
  });
