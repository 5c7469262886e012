import { bucketFor } from '../access/bucket-access';
import type { BucketRecord } from '../model/bucket';
import type { Principal } from '../model/principal';
import { versioningChangeCondition, versioningChangeRefused } from '../object-lock/bucket-object-lock';
import type { StorageDeps } from '../store/storage-deps';
import { parseVersioningConfiguration } from '../xml/versioning-documents';

export async function getBucketVersioning(
  deps: StorageDeps,
  principal: Principal,
  name: string,
): Promise<BucketRecord['versioning']> {
  return (await bucketFor(deps, principal, name, 'GetBucketVersioning')).versioning;
}

/** PutBucketVersioning: Enabled or Suspended; a versioned bucket never goes back to unversioned, nor a lock bucket to Suspended, as in S3. */
export async function putBucketVersioning(deps: StorageDeps, principal: Principal, name: string, body: Buffer): Promise<void> {
  const bucket = await bucketFor(deps, principal, name, 'PutBucketVersioning');
  const { status } = parseVersioningConfiguration(body.toString('utf8'));
  const condition = versioningChangeCondition(bucket, status);
  if (!(await deps.buckets.update(name, { versioning: status }, condition))) throw await versioningChangeRefused(deps, name);
  // Once versioning is set no write can add an object from before it (the unversioned commit is conditional on its
  // absence), so a bucket found empty now never has one: its version listings need not look for them.
  if (bucket.versioning === undefined && (await deps.objects.page(name, {}, 1)).items.length === 0) {
    await deps.buckets.update(name, { versionedWhenEmpty: true });
  }
}
