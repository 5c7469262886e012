import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed, isTransactionConditionFailed } from '../../aws';
import {
  deliveryKey,
  deliveryOutboxSortKey,
  deliveryPartition,
  deliverySortKey,
  eventKey,
  OUTBOX_SHARDS,
  outboxDueBound,
  outboxPartition,
  outboxShardOf,
  webhookKey,
  webhookPartition,
} from '../table/gateway-table';
import { webhookRecordExpiry } from './outbox-items';
import type { Attempt, Delivery, DeliveryState, DueWork, OutboxEvent, WebhookStore } from './ports';
import type { Webhook } from './webhook';

/** Webhook endpoints, the outbox and deliveries in the gateway table (layout: table/gateway-table.ts). */
export class DynamoWebhookStore implements WebhookStore {
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

  async due(nowIso: string, limit: number): Promise<DueWork[]> {
    const shards = await Promise.all(
      Array.from({ length: OUTBOX_SHARDS }, (_, shard) =>
        this.documents.send(
          new QueryCommand({
            TableName: this.table,
            IndexName: 'GSI2',
            KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :bound',
            ExpressionAttributeValues: { ':pk': outboxPartition(shard), ':bound': outboxDueBound(nowIso) },
            Limit: limit,
          }),
        ),
      ),
    );
    return shards
      .flatMap((page) => page.Items ?? [])
      .sort((a, b) => String(a.GSI2SK).localeCompare(String(b.GSI2SK)))
      .slice(0, limit)
      .map(
        (item): DueWork =>
          item.kind === 'webhookEvent'
            ? { kind: 'event', event: toEvent(item), position: String(item.GSI2SK) }
            : { kind: 'delivery', delivery: toDelivery(item), position: String(item.GSI2SK) },
      );
  }

  async fanOut(event: OutboxEvent, webhooks: Webhook[], position: string): Promise<void> {
    const expiresAt = webhookRecordExpiry(event.eventAt);
    const puts = webhooks.map((webhook) => {
      const name = { eventAt: event.eventAt, eventId: event.eventId, webhookId: webhook.id };
      const key = deliverySortKey(name);
      return {
        Put: {
          TableName: this.table,
          Item: {
            ...deliveryKey(event.merchantId, key),
            kind: 'webhookDelivery',
            merchantId: event.merchantId,
            webhookId: webhook.id,
            url: webhook.url,
            eventId: event.eventId,
            tipo: event.tipo,
            transactionId: event.transactionId,
            eventAt: event.eventAt,
            body: event.body,
            state: 'pending',
            attempts: [],
            manual: false,
            nextAttemptAt: event.eventAt,
            GSI2PK: outboxPartition(outboxShardOf(event.merchantId)),
            GSI2SK: deliveryOutboxSortKey(event.eventAt, name),
            expiresAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    });
    // The event leaves the outbox only with its deliveries; a worker that crashed half-way leaves it due, and a
    // second fan-out finds the deliveries there (their condition fails): then only the event is removed.
    const removeEvent = {
      Update: {
        TableName: this.table,
        Key: eventKey(event.eventId),
        UpdateExpression: 'REMOVE GSI2PK, GSI2SK SET fannedOutTo = :count',
        ConditionExpression: 'GSI2SK = :position',
        ExpressionAttributeValues: { ':position': position, ':count': webhooks.length },
      },
    };
    try {
      await this.documents.send(new TransactWriteCommand({ TransactItems: [...puts, removeEvent] }));
    } catch (error) {
      if (!isTransactionConditionFailed(error)) throw error;
      await this.documents.send(new UpdateCommand({ ...removeEvent.Update })).catch((failure: unknown) => {
        if (!isConditionalCheckFailed(failure)) throw failure;
      });
    }
  }

  async claim(delivery: Delivery, position: string, leaseUntil: string): Promise<string | undefined> {
    const leased = deliveryOutboxSortKey(leaseUntil, delivery);
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: deliveryKey(delivery.merchantId, delivery.key),
          UpdateExpression: 'SET GSI2SK = :leased',
          ConditionExpression: 'GSI2SK = :position',
          ExpressionAttributeValues: { ':leased': leased, ':position': position },
        }),
      );
      return leased;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  }

  async recordAttempt(
    delivery: Delivery,
    attempt: Attempt,
    next: { state: DeliveryState; nextAttemptAt?: string },
  ): Promise<boolean> {
    const values: Record<string, unknown> = {
      ':attempt': [attempt],
      ':state': next.state,
      ':count': delivery.attempts.length,
      ':false': false,
    };
    let update = 'SET attempts = list_append(attempts, :attempt), #state = :state, manual = :false';
    if (next.nextAttemptAt) {
      values[':next'] = next.nextAttemptAt;
      values[':sk'] = deliveryOutboxSortKey(next.nextAttemptAt, delivery);
      update += ', nextAttemptAt = :next, GSI2SK = :sk';
    } else {
      update += ' REMOVE nextAttemptAt, GSI2PK, GSI2SK';
    }
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: deliveryKey(delivery.merchantId, delivery.key),
          UpdateExpression: update,
          ConditionExpression: 'size(attempts) = :count',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async listDeliveries(merchantId: string, limit: number, after?: string): Promise<{ deliveries: Delivery[]; next?: string }> {
    const { Items, LastEvaluatedKey } = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': deliveryPartition(merchantId) },
        ScanIndexForward: false,
        Limit: limit,
        ...(after && isSortKey(after) ? { ExclusiveStartKey: deliveryKey(merchantId, after) } : {}),
      }),
    );
    return {
      deliveries: (Items ?? []).map(toDelivery),
      ...(LastEvaluatedKey ? { next: String(LastEvaluatedKey.SK) } : {}),
    };
  }

  async getDelivery(merchantId: string, key: string): Promise<Delivery | undefined> {
    if (!isSortKey(key)) return undefined;
    const item = await getItem(this.documents, this.table, deliveryKey(merchantId, key));
    return item ? toDelivery(item) : undefined;
  }

  async scheduleResend(merchantId: string, key: string, atIso: string): Promise<boolean> {
    const delivery = await this.getDelivery(merchantId, key);
    if (!delivery || delivery.state === 'pending') return false;
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: deliveryKey(merchantId, key),
          UpdateExpression: 'SET manual = :true, #state = :pending, nextAttemptAt = :at, GSI2PK = :pk, GSI2SK = :sk',
          ConditionExpression: '#state <> :pending AND size(attempts) = :count',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':true': true,
            ':pending': 'pending',
            ':at': atIso,
            ':pk': outboxPartition(outboxShardOf(merchantId)),
            ':sk': deliveryOutboxSortKey(atIso, delivery),
            ':count': delivery.attempts.length,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
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

function toEvent(item: Record<string, unknown>): OutboxEvent {
  return {
    eventId: String(item.eventId),
    merchantId: String(item.merchantId),
    eventAt: String(item.eventAt),
    tipo: String(item.tipo),
    transactionId: Number(item.transactionId),
    body: String(item.body),
  };
}

function toDelivery(item: Record<string, unknown>): Delivery {
  return {
    merchantId: String(item.merchantId),
    key: String(item.SK),
    webhookId: String(item.webhookId),
    url: String(item.url),
    eventId: String(item.eventId),
    tipo: String(item.tipo),
    transactionId: Number(item.transactionId),
    eventAt: String(item.eventAt),
    body: String(item.body),
    state: item.state as DeliveryState,
    attempts: (item.attempts ?? []) as Attempt[],
    manual: item.manual === true,
    ...(item.nextAttemptAt ? { nextAttemptAt: String(item.nextAttemptAt) } : {}),
  };
}

/** Keys and cursors come from forms and URLs: one DynamoDB cannot hold as a sort key (empty, over 1 KiB) names nothing. */
function isSortKey(text: string): boolean {
  return text.length > 0 && Buffer.byteLength(text) <= 1024;
}
