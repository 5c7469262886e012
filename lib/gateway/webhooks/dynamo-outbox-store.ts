import { type DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed, isTransactionConditionFailed } from '../../aws';
import { decodePosition, encodePosition } from '../listing/signed-cursor';
import {
  deliveryKey,
  deliveryOutboxSortKey,
  deliveryPartition,
  eventKey,
  OUTBOX_SHARDS,
  outboxDueBound,
  outboxPartition,
  outboxShardOf,
} from '../table/gateway-table';
import { deliveryItem, toDelivery, toOutboxEvent } from './outbox-items';
import type { Attempt, Delivery, DeliveryState, DueWork, OutboxEvent, OutboxStore } from './ports';
import type { Webhook } from './webhook';

/**
 * The webhook outbox (events not yet fanned out) and the deliveries with their attempts, in the gateway table (layout:
 * table/gateway-table.ts). Events get here only with the status change that caused them (the transaction store writes
 * both in one DynamoDB transaction).
 */
export class DynamoOutboxStore implements OutboxStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

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
            ? { kind: 'event', event: toOutboxEvent(item), position: String(item.GSI2SK) }
            : { kind: 'delivery', delivery: toDelivery(item), position: String(item.GSI2SK) },
      );
  }

  async fanOut(event: OutboxEvent, webhooks: Webhook[], position: string): Promise<void> {
    const puts = webhooks.map((webhook) => ({
      Put: { TableName: this.table, Item: deliveryItem(event, webhook), ConditionExpression: 'attribute_not_exists(PK)' },
    }));
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
        ...(after && isSortKey(decodePosition(after))
          ? { ExclusiveStartKey: deliveryKey(merchantId, decodePosition(after)) }
          : {}),
      }),
    );
    return {
      deliveries: (Items ?? []).map(toDelivery),
      ...(LastEvaluatedKey ? { next: encodePosition(String(LastEvaluatedKey.SK)) } : {}),
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

/** Keys and cursors come from forms and URLs: one DynamoDB cannot hold as a sort key (empty, over 1 KiB) names nothing. */
function isSortKey(text: string): boolean {
  return text.length > 0 && Buffer.byteLength(text) <= 1024;
}
