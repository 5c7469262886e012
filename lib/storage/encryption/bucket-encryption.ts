import type { Principal } from '../auth/principal';
import { bucketFor } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import type { BucketEncryption } from './default-encryption';
import { parseEncryptionConfiguration } from './encryption-documents';

export async function getBucketEncryption(deps: StorageDeps, principal: Principal, name: string): Promise<BucketEncryption> {
  const bucket = await bucketFor(deps, principal, name, 'GetBucketEncryption');
  if (!bucket.encryption) {
    throw new StorageError('ServerSideEncryptionConfigurationNotFoundError', undefined, { BucketName: name });
  }
  return bucket.encryption;
}

export async function putBucketEncryption(deps: StorageDeps, principal: Principal, name: string, body: Buffer): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketEncryption');
  await updateEncryption(deps, name, parseEncryptionConfiguration(body.toString('utf8')));
}

export async function deleteBucketEncryption(deps: StorageDeps, principal: Principal, name: string): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketEncryption');
  await updateEncryption(deps, name, null);
}

async function updateEncryption(deps: StorageDeps, name: string, encryption: BucketEncryption | null): Promise<void> {
  if (!(await deps.buckets.update(name, { encryption }))) throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
}
