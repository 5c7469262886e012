import type { Principal } from '../auth/principal';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { parseLegalHold } from '../xml/object-lock-documents';
import type { LegalHoldStatus } from './object-lock';
import { changeVersionLock, lockEnabledBucket, type VersionTarget, versionLock } from './version-lock-access';

/** GetObjectLegalHold: the status last set (OFF included); 404 NoSuchObjectLockConfiguration if none ever was. */
export async function getObjectLegalHold(
  deps: StorageDeps,
  principal: Principal,
  target: VersionTarget,
): Promise<LegalHoldStatus> {
  const status = (await versionLock(deps, principal, target, 'GetObjectLegalHold'))?.legalHold;
  if (!status) throw new StorageError('NoSuchObjectLockConfiguration');
  return status;
}

/** PutObjectLegalHold: ON or OFF, by anyone who may write to the bucket; no retention rule applies to it. */
export async function putObjectLegalHold(
  deps: StorageDeps,
  principal: Principal,
  target: VersionTarget,
  body: Buffer,
): Promise<void> {
  const bucket = await lockEnabledBucket(deps, target.bucket);
  const status = parseLegalHold(body.toString('utf8'));
  await changeVersionLock(deps, principal, bucket, target, 'PutObjectLegalHold', (current) => ({
    ...current,
    legalHold: status,
  }));
}
