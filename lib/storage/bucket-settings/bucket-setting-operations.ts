import { bucketFor } from '../access/bucket-access';
import type { BucketSettings } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import type { BucketSetting, SettingValue } from './bucket-setting';

/** GET `?<setting>`: the value; undefined or the setting's 404 when the bucket has none, as the setting says. */
export async function getBucketSetting(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  setting: BucketSetting,
): Promise<SettingValue<BucketSetting['field']> | undefined> {
  const bucket = await bucketFor(deps, principal, name, setting.actions.read);
  const value = bucket[setting.field];
  if (value !== undefined && value !== null) return value as SettingValue<BucketSetting['field']>;
  if (typeof setting.notFound === 'string') throw new StorageError(setting.notFound, undefined, { BucketName: name });
  return undefined;
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
  if (value === null) {
    await update(deps, name, { [setting.field]: null });
    return;
  }
  await setting.accept?.(value, bucket, { deps, principal });
  const previous = bucket[setting.field] as SettingValue<BucketSetting['field']> | undefined;
  await update(deps, name, { [setting.field]: setting.settle ? setting.settle(value, previous, deps.now()) : value });
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
