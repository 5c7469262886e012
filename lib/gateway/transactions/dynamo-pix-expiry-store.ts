import { DeleteCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed, queryAllPages } from '../../aws';
import {
  PIX_EXPIRY_CHECKPOINT_KEY,
  PIX_EXPIRY_SHARDS,
  pixExpiryDueBound,
  pixExpiryKey,
  pixExpiryPartition,
} from '../table/gateway-table';
import type { PixExpiryMarker, PixExpiryStore } from './ports';

/** Expiry markers in the gateway table (keys: table/gateway-table.ts), written by the transaction store's moves. */
export class DynamoPixExpiryStore implements PixExpiryStore {
  readonly shards = PIX_EXPIRY_SHARDS;

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async due(minute: string, shard: number, nowIso: string): Promise<PixExpiryMarker[]> {
    const items = await queryAllPages(this.documents, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk AND SK <= :due',
      ExpressionAttributeValues: { ':pk': pixExpiryPartition(minute, shard), ':due': pixExpiryDueBound(nowIso) },
      ConsistentRead: true,
    });
    return items.map((item) => ({
      transactionId: Number(item.transactionId),
      merchantId: String(item.merchantId),
      expiresAt: String(item.SK).split('#')[0] as string,
    }));
  }

  async remove(marker: PixExpiryMarker): Promise<void> {
    await this.documents.send(
      new DeleteCommand({ TableName: this.table, Key: pixExpiryKey(marker.expiresAt, marker.transactionId) }),
    );
  }

  async checkpoint(): Promise<string | undefined> {
    const item = await getItem(this.documents, this.table, PIX_EXPIRY_CHECKPOINT_KEY);
    return item ? String(item.minute) : undefined;
  }

  async advance(minute: string): Promise<void> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: PIX_EXPIRY_CHECKPOINT_KEY,
          UpdateExpression: 'SET #minute = :minute, kind = :kind',
          ConditionExpression: 'attribute_not_exists(#minute) OR #minute < :minute',
          ExpressionAttributeNames: { '#minute': 'minute' },
          ExpressionAttributeValues: { ':minute': minute, ':kind': 'pixExpiryCheckpoint' },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
}
