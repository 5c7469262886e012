import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessLogBuffer, BufferedRecord } from '../model/access-log-buffer';

/**
 * A busy bucket's records spread over this many partitions (DynamoDB takes about 1,000 writes a second per partition),
 * so that logging never throttles the requests it records; the flush reads them all.
 */
export const LOG_BUFFER_SHARDS = 16;
/** Each shard's partition; `undefined` is the single partition records went to before sharding, still drained. */
const partition = (bucket: string, shard: number | undefined) =>
  shard === undefined ? `LOGBUF#${bucket}` : `LOGBUF#${bucket}#${shard}`;
const READ_FROM: readonly (number | undefined)[] = [undefined, ...Array.from({ length: LOG_BUFFER_SHARDS }, (_, i) => i)];
/** A record nobody delivers (logging turned off, target gone) is dropped by the table's TTL after a week. */
const UNDELIVERED_TTL_SECONDS = 7 * 24 * 3600;
/** DynamoDB's batch write limit. */
const BATCH = 25;
/** A record's id: its sort key (time first, so ids sort oldest first), then its shard. */
const SHARD_SEPARATOR = '|';

/** The shard of a request's records: from its request id, so requests spread evenly and one request's records stay together. */
export function logBufferShard(requestId: string): number {
  return createHash('sha256').update(requestId).digest().readUInt16BE(0) % LOG_BUFFER_SHARDS;
}

/**
 * The access log buffer in the storage table: one item per record under `LOGBUF#<bucket>#<shard>`, sorted by time
 * within each shard; the oldest records of a bucket are the merge of its shards' oldest.
 */
export class AccessLogBufferRepository implements AccessLogBuffer {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async append(bucket: string, at: Date, requestId: string, lines: readonly string[]): Promise<void> {
    const pk = partition(bucket, logBufferShard(requestId));
    const items = lines.map((line, index) => ({
      PK: pk,
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
    const perShard = await Promise.all(
      READ_FROM.map(async (shard) => {
        const { Items = [] } = await this.documents.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': partition(bucket, shard) },
            Limit: limit,
          }),
        );
        return Items.map((item) => ({
          id: `${String(item.SK)}${SHARD_SEPARATOR}${shard ?? ''}`,
          at: String(item.at),
          line: String(item.line),
        }));
      }),
    );
    return perShard
      .flat()
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
  }

  async remove(bucket: string, ids: readonly string[]): Promise<void> {
    await this.batch(
      ids.map((id) => {
        const at = id.lastIndexOf(SHARD_SEPARATOR);
        const shard = id.slice(at + 1);
        const key = { PK: partition(bucket, shard === '' ? undefined : Number(shard)), SK: id.slice(0, at) };
        return { DeleteRequest: { Key: key } };
      }),
    );
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
