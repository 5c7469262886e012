import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { queryAllPages } from '../../../lib/aws';
import {
  AccessLogBufferRepository,
  LOG_BUFFER_SHARDS,
  logBufferShard,
} from '../../../lib/storage/store/access-log-buffer-repository';
import { testStack } from '../../support/stack';

const { stage } = testStack();
const table = stage.names.storageTable;
const buffer = new AccessLogBufferRepository(stage.clients.documents, table);

describe('the access log buffer spreads a bucket over shards (no hot partition) and drains them in time order', () => {
  it('puts 400 requests of one bucket into every shard, none with more than twice its share', async () => {
    const bucket = `shards-${randomUUID()}`;
    const start = Date.parse('2026-01-01T00:00:00Z');
    await Promise.all(
      Array.from({ length: 400 }, (_, i) => buffer.append(bucket, new Date(start + i * 1000), `req-${i}`, [`line ${i}`])),
    );
    const counts = await Promise.all(
      Array.from({ length: LOG_BUFFER_SHARDS }, async (_, shard) => {
        const items = await queryAllPages(stage.clients.documents, {
          TableName: table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `LOGBUF#${bucket}#${shard}` },
        });
        return items.length;
      }),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(400);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual((2 * 400) / LOG_BUFFER_SHARDS);

    const oldest = await buffer.oldest(bucket, 150);
    expect(oldest.map((record) => record.line)).toEqual(Array.from({ length: 150 }, (_, i) => `line ${i}`));
    await buffer.remove(
      bucket,
      oldest.map((record) => record.id),
    );
    const rest = await buffer.oldest(bucket, 1000);
    expect(rest.map((record) => record.line)).toEqual(Array.from({ length: 250 }, (_, i) => `line ${i + 150}`));
  });

  it("keeps a multi-object delete's records together, and still drains a record buffered before sharding", async () => {
    const bucket = `shards-${randomUUID()}`;
    const at = new Date('2026-01-01T00:00:05Z');
    await buffer.append(bucket, at, 'multi-delete', ['a', 'b', 'c']);
    const shard = logBufferShard('multi-delete');
    const inShard = await queryAllPages(stage.clients.documents, {
      TableName: table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `LOGBUF#${bucket}#${shard}` },
    });
    expect(inShard.map((item) => item.line)).toEqual(['a', 'b', 'c']);
    // The one partition every record went to before sharding (a stage upgraded with records waiting).
    await stage.clients.documents.send(
      new PutCommand({
        TableName: table,
        Item: {
          PK: `LOGBUF#${bucket}`,
          SK: '2026-01-01T00:00:01.000Z#old#0000',
          kind: 'access-log',
          at: '2026-01-01T00:00:01.000Z',
          line: 'old',
        },
      }),
    );
    const oldest = await buffer.oldest(bucket, 10);
    expect(oldest.map((record) => record.line)).toEqual(['old', 'a', 'b', 'c']);
    await buffer.remove(
      bucket,
      oldest.map((record) => record.id),
    );
    expect(await buffer.oldest(bucket, 10)).toEqual([]);
  });
});
