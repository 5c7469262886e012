import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../../aws';
import type { Attempt, DeliveryState } from '../../delivery/attempt';
import { duePartition, dueSortKey, NOTIFICATION_SHARDS, notificationKey } from './notification-outbox';
import type { NotificationOutbox, NotificationRecord } from './notification-record';

/**
 * The notification outbox in the storage table: each record is its own item (`NOTIFICATION#<id>`), in the due index
 * (GSI1 `NOTIFYDUE#<shard>`, sorted by when it is due) while pending. The writers put records there in the same
 * transaction as the change; this store claims, records attempts and reschedules them (webhook outbox's model).
 */
export class DynamoNotificationOutbox implements NotificationOutbox {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async due(nowIso: string, limit: number): Promise<NotificationRecord[]> {
    const pages = await Promise.all(
      Array.from({ length: NOTIFICATION_SHARDS }, (_, shard) =>
        this.documents.send(
          new QueryCommand({
            TableName: this.table,
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :bound',
            // `~` sorts after every id character: everything due at or before now.
            ExpressionAttributeValues: { ':pk': duePartition(shard), ':bound': `${nowIso}~` },
            Limit: limit,
          }),
        ),
      ),
    );
    return pages
      .flatMap((page) => page.Items ?? [])
      .sort((a, b) => String(a.GSI1SK).localeCompare(String(b.GSI1SK)))
      .slice(0, limit)
      .map(toRecord);
  }

  async claim(record: NotificationRecord, leaseUntil: string): Promise<boolean> {
    return this.conditionalUpdate(record.id, {
      UpdateExpression: 'SET GSI1SK = :leased',
      ConditionExpression: 'GSI1SK = :position',
      ExpressionAttributeValues: { ':leased': dueSortKey(leaseUntil, record.id), ':position': record.position },
    });
  }

  async recordAttempt(
    record: NotificationRecord,
    attempt: Attempt,
    next: { state: DeliveryState; nextAttemptAt?: string },
  ): Promise<boolean> {
    const values: Record<string, unknown> = { ':attempt': [attempt], ':state': next.state, ':count': record.attempts.length };
    let update = 'SET attempts = list_append(attempts, :attempt), #state = :state';
    if (next.nextAttemptAt) {
      values[':next'] = next.nextAttemptAt;
      values[':sk'] = dueSortKey(next.nextAttemptAt, record.id);
      update += ', nextAttemptAt = :next, GSI1SK = :sk';
    } else {
      update += ' REMOVE nextAttemptAt, GSI1PK, GSI1SK';
    }
    return this.conditionalUpdate(record.id, {
      UpdateExpression: update,
      ConditionExpression: 'size(attempts) = :count',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: values,
    });
  }

  private async conditionalUpdate(
    id: string,
    update: Pick<
      ConstructorParameters<typeof UpdateCommand>[0],
      'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
    >,
  ): Promise<boolean> {
    try {
      await this.documents.send(new UpdateCommand({ TableName: this.table, Key: notificationKey(id), ...update }));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}

function toRecord(item: Record<string, unknown>): NotificationRecord {
  return {
    id: String(item.id),
    bucket: String(item.bucket),
    ownerId: String(item.ownerId),
    topicName: String(item.topicName),
    topicArn: String(item.topicArn),
    eventName: String(item.eventName),
    key: String(item.key),
    body: String(item.body),
    state: item.state as DeliveryState,
    attempts: (item.attempts ?? []) as Attempt[],
    eventAt: String(item.eventAt),
    ...(item.nextAttemptAt ? { nextAttemptAt: String(item.nextAttemptAt) } : {}),
    position: String(item.GSI1SK),
  };
}
