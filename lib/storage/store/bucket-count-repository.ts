import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { countAllPages, getItem, gsi1Query, isConditionalCheckFailed } from '../../aws';
import type { BucketCount } from '../model/bucket-quota';

/** The owner index of the buckets (GSI1): ListBuckets reads it, and a counter that does not exist yet starts from it. */
export const ownerIndexPartition = (ownerId: string) => `BUCKETOWNER#${ownerId}`;
const countKey = (ownerId: string) => ({ PK: `BUCKETCOUNT#${ownerId}`, SK: 'BUCKETCOUNT' });

/**
 * One counter item per bucket owner (`BUCKETCOUNT#<owner>`): how many buckets it owns and, when an operator set one,
 * its own limit. CreateBucket and DeleteBucket change it in the same transaction as the bucket item (the items built
 * here), so the count never drifts from the buckets and concurrent creates never pass the limit; an owner whose
 * buckets predate the counter gets one, counted from the owner index, the first time a transaction needs it.
 */
export class BucketCountRepository {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** The transaction item that counts one more bucket; its condition fails at the limit, or when there is no counter yet. */
  countOneMore(ownerId: string, defaultLimit: number) {
    return {
      Update: {
        TableName: this.table,
        Key: countKey(ownerId),
        UpdateExpression: 'SET bucketCount = bucketCount + :one',
        // A missing bucketCount compares as false: no counter, no create (initialise() first).
        ConditionExpression: '(attribute_not_exists(maxBuckets) AND bucketCount < :limit) OR bucketCount < maxBuckets',
        ExpressionAttributeValues: { ':one': 1, ':limit': defaultLimit },
      },
    };
  }

  /** The transaction item that counts one bucket less; its condition fails when there is no counter (or it is at 0). */
  countOneLess(ownerId: string) {
    return {
      Update: {
        TableName: this.table,
        Key: countKey(ownerId),
        UpdateExpression: 'SET bucketCount = bucketCount - :one',
        ConditionExpression: 'bucketCount >= :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    };
  }

  async read(ownerId: string): Promise<BucketCount | undefined> {
    const item = await getItem(this.documents, this.table, countKey(ownerId));
    if (item?.bucketCount === undefined) return undefined;
    return { count: Number(item.bucketCount), ...(item.maxBuckets === undefined ? {} : { maxBuckets: Number(item.maxBuckets) }) };
  }

  /**
   * Creates the owner's counter from its buckets in the owner index (a Query counting one partition, never a Scan),
   * unless another request created it meanwhile. The index is eventually consistent: a bucket written by code
   * without the counter in the instant before may be missed (see docs/storage.md, bucket limit).
   */
  async initialise(ownerId: string): Promise<void> {
    const count = await countAllPages(this.documents, gsi1Query(this.table, ownerIndexPartition(ownerId)));
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...countKey(ownerId), kind: 'bucket-count', ownerId, bucketCount: count },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }

  /** The owner's own limit (RGW's per-user max_buckets); null goes back to the stage's default. */
  async setMaxBuckets(ownerId: string, maxBuckets: number | null): Promise<void> {
    if ((await this.read(ownerId)) === undefined) await this.initialise(ownerId);
    await this.documents.send(
      new UpdateCommand({
        TableName: this.table,
        Key: countKey(ownerId),
        ...(maxBuckets === null
          ? { UpdateExpression: 'REMOVE maxBuckets' }
          : { UpdateExpression: 'SET maxBuckets = :max', ExpressionAttributeValues: { ':max': maxBuckets } }),
      }),
    );
  }
}
