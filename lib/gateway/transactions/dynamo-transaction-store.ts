import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed, isTransactionConditionFailed } from '../../aws';
import { type MetricsSink, NO_METRICS } from '../../metrics';
import type { Transaction } from '../domain/transaction';
import type { Transition } from '../domain/transition';
import { encodePosition } from '../listing/signed-cursor';
import {
  ID_COUNTER_KEY,
  idempotencyKey,
  merchantTransactionsPartition,
  pagePartition,
  pixLocationKey,
  tokenKey,
  transactionKey,
} from '../table/gateway-table';
import { outboxEventItem } from '../webhooks/outbox-items';
import { newEventId, webhookEventOf } from '../webhooks/webhook';
import { boletoSideWrites } from './boleto-queue-items';
import { pixSideWrites } from './pix-charge-items';
import type {
  AuthenticatedMerchant,
  IdempotencyRecord,
  IdempotencyWrite,
  Loaded,
  OverviewRow,
  TransactionPage,
  TransactionSearch,
  TransactionStore,
  TransitionResult,
} from './ports';
import { planTransactionQuery, startKeyOf } from './query/transaction-query-plan';
import { toItem, toTransaction } from './transaction-item';

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
/**
 * Transactions in the gateway table. Ids come in blocks reserved with one atomic ADD per container
 * (no hot counter item); every state change is a conditional write on the status as read.
 */
export class DynamoTransactionStore implements TransactionStore {
  private block = { next: 0, end: 0 };
  private reserving: Promise<void> | undefined;

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly idBlockSize = 50,
    /** Counts every status a transaction reaches, once its write is committed (the event is written with it). */
    private readonly metrics: MetricsSink = NO_METRICS,
  ) {}

  private countStatus(transaction: Transaction): void {
    this.metrics.emit({ PaymentMethod: transaction.method, Status: transaction.status }, { transactions: 1 });
  }

  async load(request: { tokenHash: string; transactionId?: number; idempotencyScope?: string }): Promise<Loaded> {
    const keys: Record<string, string>[] = [tokenKey(request.tokenHash)];
    if (request.transactionId !== undefined) keys.push(transactionKey(request.transactionId));
    if (request.idempotencyScope !== undefined) keys.push(idempotencyKey(request.idempotencyScope));
    let pending: Record<string, unknown>[] | undefined = keys;
    const items: Record<string, unknown>[] = [];
    // BatchGet may leave keys unprocessed under load: ask again for those only.
    while (pending && pending.length > 0) {
      const result = await this.documents.send(
        new BatchGetCommand({ RequestItems: { [this.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...(result.Responses?.[this.table] ?? []));
      pending = result.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined;
    }
    const byKind = (kind: string) => items.find((item) => item.kind === kind);
    const token = byKind('apiToken');
    const transaction = byKind('transaction');
    const idempotency = byKind('idempotency');
    return {
      merchant: token ? toMerchant(token) : undefined,
      transaction: transaction ? toTransaction(transaction) : undefined,
      idempotency:
        idempotency && Number(idempotency.expiresAt) > nowSeconds() ? (idempotency.record as IdempotencyRecord) : undefined,
    };
  }

  async nextId(): Promise<number> {
    while (this.block.next >= this.block.end) {
      this.reserving ??= this.reserveBlock().finally(() => {
        this.reserving = undefined;
      });
      await this.reserving;
    }
    return this.block.next++;
  }

  private async reserveBlock(): Promise<void> {
    const { Attributes } = await this.documents.send(
      new UpdateCommand({
        TableName: this.table,
        Key: ID_COUNTER_KEY,
        UpdateExpression: 'ADD #last :size SET kind = :kind',
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: { ':size': this.idBlockSize, ':kind': 'counter' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const last = Number(Attributes?.last);
    this.block = { next: last - this.idBlockSize + 1, end: last + 1 };
  }

  async insert(opened: Transition, idempotency?: IdempotencyWrite): Promise<boolean> {
    const put = { TableName: this.table, Item: toItem(opened.after), ConditionExpression: 'attribute_not_exists(PK)' };
    try {
      await this.commit(opened, { Put: put }, idempotency);
      return true;
    } catch (error) {
      if (idempotency && isTransactionConditionFailed(error)) return false;
      throw error;
    }
  }

  async apply(transition: Transition, idempotency?: IdempotencyWrite): Promise<TransitionResult> {
    const { before, after } = transition;
    if (!before) throw new Error('apply() moves a stored transaction: insert() stores a new one');
    try {
      await this.commit(transition, { Update: this.updateOf(transition, before) }, idempotency);
      return { moved: true, transaction: after };
    } catch (error) {
      if (!isConditionalCheckFailed(error) && !isTransactionConditionFailed(error)) throw error;
      const current = await getItem(this.documents, this.table, transactionKey(before.id));
      return { moved: false, current: current ? toTransaction(current) : undefined };
    }
  }

  /**
   * THE write of a transaction's change: the transaction, the outbox item of each of its events and the idempotency
   * record in one DynamoDB transaction (no change without its event, no event without its change), then each new status
   * counted. Every status change of the gateway goes through here.
   */
  private async commit(transition: Transition, write: TransactItem, idempotency?: IdempotencyWrite): Promise<void> {
    const { merchantId } = transition.after;
    // Events of one change share their time: ids in ascending order keep them in causal order in the outbox
    // (transacao.estorno before the transacao.cancelada it causes).
    const ids = transition.events.map(() => newEventId()).sort();
    await this.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          write,
          ...transition.events.map((event, i) => ({
            Put: { TableName: this.table, Item: outboxEventItem(webhookEventOf(event, ids[i] as string), merchantId) },
          })),
          ...(idempotency ? [{ Put: idempotencyPut(this.table, idempotency) }] : []),
          ...pixSideWrites(this.table, transition),
          ...boletoSideWrites(this.table, transition),
        ],
      }),
    );
    // Statuses reached are counted; a refund's event (transacao.estorno) is not a status.
    for (const event of transition.events) {
      if (event.tipo === `transacao.${event.transaction.status}`) this.countStatus(event.transaction);
    }
  }

  /** The conditional update from `before` to `after`: changed fields set, new history entries appended, guards checked. */
  private updateOf(transition: Transition, before: Transaction) {
    const { after, guards } = transition;
    const names: Record<string, string> = { '#history': 'history' };
    const values: Record<string, unknown> = { ':change': after.history.slice(before.history.length) };
    const sets = ['#history = list_append(#history, :change)'];
    const removes: string[] = [];
    const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const field of fields) {
      if (field === 'history' || field === 'id') continue;
      const was = (before as unknown as Record<string, unknown>)[field];
      const now = (after as unknown as Record<string, unknown>)[field];
      if (JSON.stringify(was) === JSON.stringify(now)) continue;
      names[`#${field}`] = field;
      if (now === undefined) removes.push(`#${field}`);
      else {
        values[`:${field}`] = now;
        sets.push(`#${field} = :${field}`);
      }
    }
    const conditions = guards.map((field) => {
      names[`#${field}`] = field;
      // A field the transaction did not have yet (a legacy item's revision) must still be absent.
      if (before[field] === undefined) return `attribute_not_exists(#${field})`;
      values[`:was_${field}`] = before[field];
      return `#${field} = :was_${field}`;
    });
    return {
      TableName: this.table,
      Key: transactionKey(before.id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  async findByPageUuid(pageUuid: string): Promise<Transaction | undefined> {
    const { Items } = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :page',
        ExpressionAttributeValues: { ':page': pagePartition(pageUuid) },
        Limit: 1,
      }),
    );
    return Items?.[0] ? toTransaction(Items[0]) : undefined;
  }

  async findByPixLocation(locationId: string): Promise<Transaction | undefined> {
    const pointer = await getItem(this.documents, this.table, pixLocationKey(locationId));
    if (!pointer) return undefined;
    const item = await getItem(this.documents, this.table, transactionKey(Number(pointer.transactionId)));
    return item ? toTransaction(item) : undefined;
  }

  async search(request: TransactionSearch): Promise<TransactionPage> {
    const { pageSize } = request;
    const plan = planTransactionQuery(request.merchantId, request.criteria);
    const filtered = plan.filter !== undefined;
    let startKey = startKeyOf(plan, request.after);
    const found: Record<string, unknown>[] = [];
    let queries = 0;
    let read = 0;
    let next: string | undefined;
    for (;;) {
      // Unfiltered: one more than a page tells whether a next page exists without another round trip.
      const limit = filtered ? request.reads.filteredLimit(queries, read, pageSize) : pageSize + 1 - found.length;
      if (limit === undefined) break;
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: plan.indexName,
          KeyConditionExpression: plan.keyCondition,
          FilterExpression: plan.filter,
          ...(Object.keys(plan.names).length ? { ExpressionAttributeNames: plan.names } : {}),
          ExpressionAttributeValues: plan.values,
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: startKey,
        }),
      );
      queries++;
      read += page.ScannedCount ?? limit;
      const items = page.Items ?? [];
      const room = pageSize - found.length;
      found.push(...items.slice(0, room));
      if (items.length > room) {
        next = plan.sortName ? String(found[found.length - 1]?.[plan.sortName]) : undefined;
        break;
      }
      startKey = page.LastEvaluatedKey as Record<string, string> | undefined;
      next = plan.sortName && startKey ? startKey[plan.sortName] : undefined;
      if (!startKey) break;
    }
    return {
      transactions: found.map(toTransaction),
      ...(next ? { next: encodePosition(next) } : {}),
      partial: filtered && found.length < pageSize && next !== undefined,
      queries,
    };
  }

  /** One transaction, only if it is this merchant's: another merchant's id is the same "not found" as an unknown one. */
  async getOfMerchant(merchantId: string, id: number): Promise<Transaction | undefined> {
    const { Item } = await this.documents.send(
      new GetCommand({ TableName: this.table, Key: transactionKey(id), ConsistentRead: true }),
    );
    return Item && Item.merchantId === merchantId ? toTransaction(Item) : undefined;
  }

  /** Status, amount and date of every transaction created since `fromIso`, for the overview (projected: small reads). */
  async createdSince(merchantId: string, fromIso: string): Promise<OverviewRow[]> {
    const rows: OverviewRow[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :from',
          ProjectionExpression: '#status, totalCents, createdAt',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pk': merchantTransactionsPartition(merchantId), ':from': fromIso },
          ExclusiveStartKey,
        }),
      );
      rows.push(...((page.Items ?? []) as OverviewRow[]));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return rows;
  }

  async getIdempotency(scope: string): Promise<IdempotencyRecord | undefined> {
    const item = await getItem(this.documents, this.table, idempotencyKey(scope));
    return item ? (item.record as IdempotencyRecord) : undefined;
  }
}

function idempotencyPut(table: string, idempotency: IdempotencyWrite) {
  return {
    TableName: table,
    Item: {
      ...idempotencyKey(idempotency.scope),
      kind: 'idempotency',
      record: idempotency.record,
      expiresAt: nowSeconds() + IDEMPOTENCY_TTL_SECONDS,
    },
    // An expired record (TTL deletion is lazy) may be replaced; a pending one by the request that wrote it.
    ...(idempotency.replace
      ? {}
      : {
          ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': nowSeconds() },
        }),
  };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function toMerchant(item: Record<string, unknown>): AuthenticatedMerchant {
  return {
    merchantId: String(item.merchantId),
    merchantName: String(item.merchantName ?? item.merchantId),
    acquirerAMode: (item.acquirerAMode ?? 'loja_sem_autenticacao') as AuthenticatedMerchant['acquirerAMode'],
  };
}
