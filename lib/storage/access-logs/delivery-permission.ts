import type { BucketRecord } from '../model/bucket';
import { type BucketLogging, LOG_DELIVERY_SERVICE } from '../model/bucket-logging';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import { evaluatePolicy } from '../policy/evaluate-policy';
import { parsePolicy } from '../policy/parse-policy';
import type { StorageDeps } from '../store/storage-deps';

const invalid = (message: string) => new StorageError('InvalidArgument', message);

/**
 * May `source`'s access logs go to the target bucket? As S3 and RGW judge a PutBucketLogging: the target exists (RGW
 * answers NoSuchKey when not), is another bucket owned by the source's owner (S3's InvalidTargetBucketForLogging), does
 * not log itself, is not encrypted by default and not Requester-pays (InvalidArgument), and allows delivery (see
 * `policyGrantsDelivery`), else AccessDenied. Nothing is stored when any of this fails. Delivery checks the owner and
 * the grant again (delivery-check.ts): a setting accepted once is no lasting permission.
 */
export async function assertDeliveryAllowed(
  deps: StorageDeps,
  principal: Principal,
  source: BucketRecord,
  logging: Omit<BucketLogging, 'modifiedAt'>,
): Promise<void> {
  const target = await deps.buckets.get(logging.targetBucket);
  if (!target) throw new StorageError('NoSuchKey', 'The target bucket for logging does not exist');
  if (target.name === source.name) throw invalid('The target bucket for logging must not be the source bucket');
  if (target.ownerId !== source.ownerId)
    throw new StorageError(
      'InvalidTargetBucketForLogging',
      'The owner for the bucket to be logged and the target bucket must be the same.',
    );
  if (target.logging) throw invalid('The target bucket for logging must not have logging itself');
  if (target.encryption) throw invalid('The target bucket for logging must not have default encryption');
  if (target.requestPayer === 'Requester') throw invalid('The target bucket for logging must not be Requester-pays');
  const account = principal.kind === 'user' ? principal.user.id : '';
  if (!policyGrantsDelivery(target, source.name, logging.targetPrefix, account))
    throw new StorageError('AccessDenied', 'The target bucket policy does not allow log delivery');
}

/**
 * Does the target's bucket policy grant `logging.s3.amazonaws.com` s3:PutObject on the target prefix for this source
 * bucket (aws:SourceArn) and the account setting it up (aws:SourceAccount)? A policy that no longer parses grants nothing.
 */
export function policyGrantsDelivery(target: BucketRecord, source: string, prefix: string, account: string): boolean {
  if (!target.policy) return false;
  try {
    const decision = evaluatePolicy(parsePolicy(target.policy, target.name), {
      principal: { kind: 'service', name: LOG_DELIVERY_SERVICE },
      action: 's3:PutObject',
      resource: `arn:aws:s3:::${target.name}/${prefix}`,
      conditionKey: (key) =>
        key === 'aws:sourcearn' ? [`arn:aws:s3:::${source}`] : key === 'aws:sourceaccount' ? [account] : undefined,
    });
    return decision === 'Allow';
  } catch {
    return false;
  }
}
