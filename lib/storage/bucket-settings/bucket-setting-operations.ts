import type { Principal } from '../auth/principal';
import type { BucketSettings } from '../buckets/bucket';
import { bucketFor } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import type { BucketSetting, SettingValue } from './bucket-setting';

/** GET `?<setting>`: the value, or the setting's 404 when the bucket has none. */
export async function getBucketSetting(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  setting: BucketSetting,
): Promise<SettingValue<BucketSetting['field']>> {
  const bucket = await bucketFor(deps, principal, name, setting.actions.read);
  const value = bucket[setting.field];
  if (value === undefined || value === null) throw new StorageError(setting.notFound, undefined, { BucketName: name });
  return value as SettingValue<BucketSetting['field']>;
}

/** PUT `?<setting>`: the document parsed and accepted for this bucket, then stored (it replaces the previous one). */
export async function putBucketSetting(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  setting: BucketSetting,
  body: Buffer,
): Promise<void> {
  const bucket = await bucketFor(deps, principal, name, setting.actions.write);
  const value = setting.parse(body.toString('utf8'), bucket);
  setting.accept?.(value, bucket);
  await update(deps, name, { [setting.field]: value });
}

/** DELETE `?<setting>`: back to no setting; idempotent, as on S3. */
export async function deleteBucketSetting(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  setting: BucketSetting,
): Promise<void> {
  await bucketFor(deps, principal, name, setting.actions.delete ?? setting.actions.write);
  await update(deps, name, { [setting.field]: null });
}

async function update(deps: StorageDeps, name: string, settings: BucketSettings): Promise<void> {
  if (!(await deps.buckets.update(name, settings))) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
}
