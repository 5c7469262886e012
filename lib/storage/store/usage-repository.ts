import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAllPages } from '../../aws';
import type { UsageEntry, UsageMeter } from '../model/request-usage';

const usagePartition = (bucket: string) => `USAGE#${bucket}`;

/** Counters per bucket × day × payer: each addition lands on one of these at random, the totals are their sum. */
export const USAGE_SHARDS = 16;

/**
 * Usage in the storage table: `USAGE#<bucket>`, sort key `<day>#<payer>#<shard>`, counters bumped with ADD (no read,
 * no race) on a random shard, so that the containers' flushes spread over several items; `list` sums the shards (and
 * the unsharded `<day>#<payer>` items written before shards existed).
 */
export class UsageRepository implements UsageMeter {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly shardOf: () => number = () => Math.floor(Math.random() * USAGE_SHARDS),
  ) {}

  async record(entry: UsageEntry): Promise<void> {
    await this.documents.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { PK: usagePartition(entry.bucket), SK: `${entry.day}#${entry.payerId}#${this.shardOf()}` },
        // Every name aliased: BUCKET and others are DynamoDB reserved words.
        UpdateExpression:
          'SET #kind = :kind, #bucket = :bucket, #payer = :payer, #day = :day ADD #requests :requests, #in :in, #out :out',
        ExpressionAttributeNames: {
          '#kind': 'kind',
          '#bucket': 'bucket',
          '#payer': 'payerId',
          '#day': 'day',
          '#requests': 'requests',
          '#in': 'bytesIn',
          '#out': 'bytesOut',
        },
        ExpressionAttributeValues: {
          ':kind': 'usage',
          ':bucket': entry.bucket,
          ':payer': entry.payerId,
          ':day': entry.day,
          ':requests': entry.requests,
          ':in': entry.bytesIn,
          ':out': entry.bytesOut,
        },
      }),
    );
  }

  async list(bucket: string): Promise<UsageEntry[]> {
    const items = await queryAllPages(this.documents, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': usagePartition(bucket) },
      ConsistentRead: true,
    });
    const totals = new Map<string, UsageEntry>();
    for (const item of items) {
      const day = String(item.day);
      const payerId = String(item.payerId);
      const total = totals.get(`${day}#${payerId}`) ?? {
        bucket: String(item.bucket),
        payerId,
        day,
        requests: 0,
        bytesIn: 0,
        bytesOut: 0,
      };
      total.requests += Number(item.requests);
      total.bytesIn += Number(item.bytesIn);
      total.bytesOut += Number(item.bytesOut);
      totals.set(`${day}#${payerId}`, total);
    }
    // Query order (day, then payer) is kept: shards of one counter are adjacent.
    return [...totals.values()];
  }
}
