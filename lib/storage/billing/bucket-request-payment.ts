import { bucketFor } from '../access/bucket-access';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import type { StorageDeps } from '../store/storage-deps';
import { parseRequestPaymentConfiguration } from '../xml/request-payment-documents';

export async function getBucketRequestPayment(deps: StorageDeps, principal: Principal, name: string): Promise<BucketRecord> {
  return bucketFor(deps, principal, name, 'GetBucketRequestPayment');
}

/** PutBucketRequestPayment: Payer BucketOwner (the default) or Requester. */
export async function putBucketRequestPayment(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  body: Buffer,
): Promise<void> {
  await bucketFor(deps, principal, name, 'PutBucketRequestPayment');
  const payer = parseRequestPaymentConfiguration(body.toString('utf8'));
  if (!(await deps.buckets.update(name, { requestPayer: payer === 'Requester' ? 'Requester' : null }))) {
    throw new StorageError('NoSuchBucket', undefined, { BucketName: name });
  }
}
