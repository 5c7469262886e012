import type { Principal } from '../auth/principal';
import type { BucketRecord } from '../buckets/bucket';
import { StorageError } from '../errors';
import { evaluatePolicy } from '../policy/evaluate-policy';
import { parsePolicy } from '../policy/parse-policy';
import type { StorageDeps } from '../storage-deps';
import { type BucketLogging, LOG_DELIVERY_SERVICE } from './bucket-logging';

const invalid = (message: string) => new StorageError('InvalidArgument', message);

/**
 * May `source`'s access logs go to the target bucket? As RGW judges a PutBucketLogging: the target exists (RGW answers
 * NoSuchKey when not), is another bucket, does not log itself, is not encrypted by default and not Requester-pays
 * (InvalidArgument), and its owner allows delivery: its bucket policy grants `logging.s3.amazonaws.com` s3:PutObject on
 * the target prefix for this source bucket (aws:SourceArn) and the account setting it up (aws:SourceAccount), else
 * AccessDenied. Nothing is stored when any of this fails.
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
  if (target.logging) throw invalid('The target bucket for logging must not have logging itself');
  if (target.encryption) throw invalid('The target bucket for logging must not have default encryption');
  if (target.requestPayer === 'Requester') throw invalid('The target bucket for logging must not be Requester-pays');
  const account = principal.kind === 'user' ? principal.user.id : '';
  const decision = target.policy
    ? evaluatePolicy(parsePolicy(target.policy, target.name), {
        principal: { kind: 'service', name: LOG_DELIVERY_SERVICE },
        action: 's3:PutObject',
        resource: `arn:aws:s3:::${target.name}/${logging.targetPrefix}`,
        conditionKey: (key) =>
          key === 'aws:sourcearn' ? [`arn:aws:s3:::${source.name}`] : key === 'aws:sourceaccount' ? [account] : undefined,
      })
    : 'NoOpinion';
  if (decision !== 'Allow') throw new StorageError('AccessDenied', 'The target bucket policy does not allow log delivery');
}
