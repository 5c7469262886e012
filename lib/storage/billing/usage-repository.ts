import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAllPages } from '../../aws';
import type { UsageEntry, UsageMeter } from './request-usage';

const usagePartition = (bucket: string) => `USAGE#${bucket}`;

/** Usage in the storage table: `USAGE#<bucket>`, sort key `<day>#<payer>`, counters bumped with ADD (no read, no race). */
export class UsageRepository implements UsageMeter {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async record(entry: UsageEntry): Promise<void> {
    await this.documents.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { PK: usagePartition(entry.bucket), SK: `${entry.day}#${entry.payerId}` },
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
    return items.map((item) => ({
      bucket: String(item.bucket),
      payerId: String(item.payerId),
      day: String(item.day),
      requests: Number(item.requests),
      bytesIn: Number(item.bytesIn),
      bytesOut: Number(item.bytesOut),
    }));
  }
}
