import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getItem } from '../../aws';
import { webhookKey, webhookPartition } from '../table/gateway-table';
import type { WebhookEndpointStore } from './ports';
import type { Webhook } from './webhook';

/** A merchant's webhook endpoints in the gateway table (layout: table/gateway-table.ts). */
export class DynamoWebhookEndpointStore implements WebhookEndpointStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(webhook: Webhook): Promise<void> {
    await this.documents.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...webhookKey(webhook.merchantId, webhook.id), kind: 'webhook', ...webhook },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  async list(merchantId: string): Promise<Webhook[]> {
    const { Items } = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': webhookPartition(merchantId) },
        ConsistentRead: true,
      }),
    );
    return (Items ?? []).map(toWebhook).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async get(merchantId: string, webhookId: string): Promise<Webhook | undefined> {
    const item = await getItem(this.documents, this.table, webhookKey(merchantId, webhookId));
    return item ? toWebhook(item) : undefined;
  }

  async remove(merchantId: string, webhookId: string): Promise<Webhook | undefined> {
    const { Attributes } = await this.documents.send(
      new DeleteCommand({ TableName: this.table, Key: webhookKey(merchantId, webhookId), ReturnValues: 'ALL_OLD' }),
    );
    return Attributes ? toWebhook(Attributes) : undefined;
  }
}

function toWebhook(item: Record<string, unknown>): Webhook {
  return {
    id: String(item.id),
    merchantId: String(item.merchantId),
    url: String(item.url),
    sealedSecret: String(item.sealedSecret),
    createdAt: String(item.createdAt),
  };
}
