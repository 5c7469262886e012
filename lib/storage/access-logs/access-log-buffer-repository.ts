import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessLogBuffer, BufferedRecord } from './access-log-buffer';

const partition = (bucket: string) => `LOGBUF#${bucket}`;
/** A record nobody delivers (logging turned off, target gone) is dropped by the table's TTL after a week. */
const UNDELIVERED_TTL_SECONDS = 7 * 24 * 3600;
/** DynamoDB's batch write limit. */
const BATCH = 25;

/** The access log buffer in the storage table: one item per record under `LOGBUF#<bucket>`, sorted by time. */
export class AccessLogBufferRepository implements AccessLogBuffer {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async append(bucket: string, at: Date, requestId: string, lines: readonly string[]): Promise<void> {
    const items = lines.map((line, index) => ({
      PK: partition(bucket),
      SK: `${at.toISOString()}#${requestId}#${String(index).padStart(4, '0')}`,
      kind: 'access-log',
      at: at.toISOString(),
      line,
      expiresAt: Math.floor(at.getTime() / 1000) + UNDELIVERED_TTL_SECONDS,
    }));
    if (items.length === 1) {
      await this.documents.send(new PutCommand({ TableName: this.table, Item: items[0] }));
      return;
    }
    await this.batch(items.map((Item) => ({ PutRequest: { Item } })));
  }

  async oldest(bucket: string, limit: number): Promise<BufferedRecord[]> {
    const { Items = [] } = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition(bucket) },
        Limit: limit,
      }),
    );
    return Items.map((item) => ({ id: String(item.SK), at: String(item.at), line: String(item.line) }));
  }

  async remove(bucket: string, ids: readonly string[]): Promise<void> {
    await this.batch(ids.map((id) => ({ DeleteRequest: { Key: { PK: partition(bucket), SK: id } } })));
  }

  /** Batch writes, 25 at a time, unprocessed items retried until none is left. */
  private async batch(requests: readonly Record<string, unknown>[]): Promise<void> {
    for (let start = 0; start < requests.length; start += BATCH) {
      let pending: Record<string, unknown[]> | undefined = { [this.table]: requests.slice(start, start + BATCH) };
      while (pending && Object.keys(pending).length > 0) {
        const result = await this.documents.send(new BatchWriteCommand({ RequestItems: pending as never }));
        pending = result.UnprocessedItems as Record<string, unknown[]> | undefined;
      }
    }
  }
}
