import type { BucketRecord } from '../model/bucket';
import type { BucketLogging } from '../model/bucket-logging';
import { policyGrantsDelivery } from './delivery-permission';

/** Why a source's records may not go to its target now. */
export type DeliveryRefusal = 'target-missing' | 'other-owner' | 'not-granted';

/**
 * Checked at every delivery, not only at PutBucketLogging: the target still exists, still belongs to the source's
 * owner (S3 requires one owner for both; a bucket deleted and re-created by someone else is another owner's), and its
 * policy still grants delivery for this source and owner. Undefined: deliver.
 */
export function deliveryRefusal(
  source: Pick<BucketRecord, 'name' | 'ownerId'>,
  logging: Pick<BucketLogging, 'targetPrefix'>,
  target: BucketRecord | undefined,
): DeliveryRefusal | undefined {
  if (!target) return 'target-missing';
  if (target.ownerId !== source.ownerId) return 'other-owner';
  if (!policyGrantsDelivery(target, source.name, logging.targetPrefix, source.ownerId)) return 'not-granted';
  return undefined;
}
