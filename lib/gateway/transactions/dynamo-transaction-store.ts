import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed, isTransactionConditionFailed } from '../../aws';
import { type MetricsSink, NO_METRICS } from '../../metrics';
import { type Transaction, toApiView } from '../domain/transaction';
import type { ListQuery } from '../listing/list-query';
import {
  ID_COUNTER_KEY,
  idempotencyKey,
  merchantTransactionsPartition,
  orderPartition,
  pagePartition,
  parseCreationSortKey,
  tokenKey,
  transactionKey,
} from '../table/gateway-table';
import { outboxEventItem } from '../webhooks/outbox-items';
import { eventFor, newEventId } from '../webhooks/webhook';
import type {
  AuthenticatedMerchant,
  IdempotencyRecord,
  IdempotencyWrite,
  Loaded,
  StoredPage,
  TransactionStore,
  TransitionRequest,
  TransitionResult,
} from './ports';
import { toItem, toTransaction } from './transaction-item';

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** Items one list request may read through a filter before it answers a short page with a cursor. */
const LIST_READ_BUDGET = 2000;

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

  async insert(transaction: Transaction, idempotency?: IdempotencyWrite): Promise<boolean> {
    const put = { TableName: this.table, Item: toItem(transaction), ConditionExpression: 'attribute_not_exists(PK)' };
    const event = eventFor(newEventId(), transaction.createdAt, toApiView(transaction));
    try {
      await this.documents.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: put },
            { Put: { TableName: this.table, Item: outboxEventItem(event, transaction.merchantId) } },
            ...(idempotency ? [{ Put: idempotencyPut(this.table, idempotency) }] : []),
          ],
        }),
      );
      this.countStatus(transaction);
      return true;
    } catch (error) {
      if (idempotency && isTransactionConditionFailed(error)) return false;
      throw error;
    }
  }

  async transition(request: TransitionRequest, idempotency?: IdempotencyWrite): Promise<TransitionResult> {
    const before = request.transaction;
    const names: Record<string, string> = {
      '#status': 'status',
      '#authorized': 'authorized',
      '#history': 'history',
      '#updatedAt': 'updatedAt',
    };
    const change = { status: request.changes.status, at: request.at, by: request.by };
    const values: Record<string, unknown> = {
      ':from': before.status,
      ':wasAuthorized': before.authorized,
      ':change': [change],
      ':at': request.at,
    };
    const sets = ['#history = list_append(#history, :change)', '#updatedAt = :at'];
    const after: Transaction = { ...before, history: [...before.history, change], updatedAt: request.at };
    for (const [field, value] of Object.entries(request.changes)) {
      if (value === undefined) continue;
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
      (after as unknown as Record<string, unknown>)[field] = value;
    }
    const update = {
      TableName: this.table,
      Key: transactionKey(before.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#status = :from AND #authorized = :wasAuthorized',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
    // Only a new status is an event (an authorization that leaves the transaction aguardando_pagamento is not).
    const event = after.status !== before.status ? eventFor(newEventId(), request.at, toApiView(after)) : undefined;
    try {
      await this.documents.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: update },
            ...(event ? [{ Put: { TableName: this.table, Item: outboxEventItem(event, before.merchantId) } }] : []),
            ...(idempotency ? [{ Put: idempotencyPut(this.table, idempotency) }] : []),
          ],
        }),
      );
      if (event) this.countStatus(after);
      return { moved: true, transaction: after };
    } catch (error) {
      if (!isConditionalCheckFailed(error) && !isTransactionConditionFailed(error)) throw error;
      const current = await getItem(this.documents, this.table, transactionKey(before.id));
      return { moved: false, current: current ? toTransaction(current) : undefined };
    }
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

  async listByMerchant(request: { merchantId: string; query: ListQuery; after?: string }): Promise<StoredPage> {
    const { merchantId, query } = request;
    const [indexName, partitionName, sortName, partition] =
      query.orderNumber !== undefined
        ? (['GSI3', 'GSI3PK', 'GSI3SK', orderPartition(merchantId, query.orderNumber)] as const)
        : (['GSI1', 'GSI1PK', 'GSI1SK', merchantTransactionsPartition(merchantId)] as const);
    const names: Record<string, string> = { '#pk': partitionName };
    if (query.from || query.to) names['#sk'] = sortName;
    const values: Record<string, unknown> = { ':pk': partition };
    let keyCondition = '#pk = :pk';
    // UTC days as bounds on `<createdAt>#<id>`: `…T23:59:59.999Z~` sorts after every key of that day.
    if (query.from) values[':from'] = `${query.from}T00:00:00.000Z`;
    if (query.to) values[':to'] = `${query.to}T23:59:59.999Z~`;
    if (query.from && query.to) keyCondition += ' AND #sk BETWEEN :from AND :to';
    else if (query.from) keyCondition += ' AND #sk >= :from';
    else if (query.to) keyCondition += ' AND #sk <= :to';
    const filters: string[] = [];
    if (query.status) {
      names['#status'] = 'status';
      values[':status'] = query.status;
      filters.push('#status = :status');
    }
    if (query.method) {
      names['#method'] = 'method';
      values[':method'] = query.method;
      filters.push('#method = :method');
    }
    const filtered = filters.length > 0;
    const startAfter = (position: string | undefined) => {
      const parsed = position ? parseCreationSortKey(position) : undefined;
      return parsed
        ? ({ ...transactionKey(parsed.id), [partitionName]: partition, [sortName]: position } as Record<string, string>)
        : undefined;
    };
    let startKey = startAfter(request.after);
    const found: Record<string, unknown>[] = [];
    // A filter on a rare value could read a merchant's whole history: a request reads at most LIST_READ_BUDGET
    // items, then answers a short page with a cursor where it stopped.
    for (let reads = 0; reads < LIST_READ_BUDGET; ) {
      const limit = filtered
        ? Math.min(LIST_READ_BUDGET - reads, Math.max(query.limit + 1, 200))
        : query.limit + 1 - found.length;
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: indexName,
          KeyConditionExpression: keyCondition,
          ...(filtered ? { FilterExpression: filters.join(' AND ') } : {}),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: startKey,
        }),
      );
      reads += page.ScannedCount ?? limit;
      const items = page.Items ?? [];
      const room = query.limit - found.length;
      found.push(...items.slice(0, room));
      if (items.length > room) {
        return { transactions: found.map(toTransaction), next: String(found[found.length - 1]?.[sortName]) };
      }
      startKey = page.LastEvaluatedKey as ReturnType<typeof startAfter>;
      if (!startKey) return { transactions: found.map(toTransaction) };
    }
    return { transactions: found.map(toTransaction), next: startKey ? String(startKey[sortName]) : undefined };
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
    // An expired record (TTL deletion is lazy) may be replaced.
    ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
    ExpressionAttributeValues: { ':now': nowSeconds() },
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
