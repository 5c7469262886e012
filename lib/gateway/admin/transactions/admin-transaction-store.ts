import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Transaction } from '../../domain/transaction';
import { merchantTransactionsPartition, transactionKey } from '../../table/gateway-table';
import { toTransaction } from '../../transactions/transaction-item';
import type { SearchCriteria } from '../search/search-criteria';
import { encodeCursor, planSearch, startKeyOf } from '../search/search-plan';

export interface TransactionPage {
  transactions: Transaction[];
  /** Where the next page starts; absent on the last page. */
  nextCursor?: string;
  /** A filtered search stopped at its read budget before filling the page: more matches may follow. */
  partial: boolean;
  /** DynamoDB queries this page cost (for the benchmark and the README's claim). */
  queries: number;
}

/**
 * Items a filtered page may read, per round trip: a small first read fills the page when the filter is
 * common (a status), a larger second one when it is rare; two round trips at most whatever the merchant's size.
 */
const FILTERED_READS = [100, 1000];

export type OverviewRow = Pick<Transaction, 'status' | 'totalCents' | 'createdAt'>;

/** The admin UI's reads of a merchant's transactions: always a Query on the merchant's own partition, never a Scan. */
export class AdminTransactionStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async search(merchantId: string, criteria: SearchCriteria, cursor?: string, pageSize = 25): Promise<TransactionPage> {
    const plan = planSearch(merchantId, criteria);
    const filtered = plan.filter !== undefined;
    let startKey = startKeyOf(plan, cursor);
    const found: Record<string, unknown>[] = [];
    let queries = 0;
    let nextSortKey: string | undefined;
    while (queries < FILTERED_READS.length) {
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: plan.indexName,
          KeyConditionExpression: plan.keyCondition,
          FilterExpression: plan.filter,
          ...(Object.keys(plan.names).length ? { ExpressionAttributeNames: plan.names } : {}),
          ExpressionAttributeValues: plan.values,
          ScanIndexForward: false,
          // Unfiltered: one more than a page tells whether a next page exists without another round trip.
          Limit: filtered ? Math.max(pageSize + 1, FILTERED_READS[queries] ?? 0) : pageSize + 1,
          ExclusiveStartKey: startKey,
        }),
      );
      queries++;
      const items = page.Items ?? [];
      const room = pageSize - found.length;
      found.push(...items.slice(0, room));
      if (items.length > room) {
        nextSortKey = plan.sortName ? String(found[found.length - 1]?.[plan.sortName]) : undefined;
        break;
      }
      startKey = page.LastEvaluatedKey as Record<string, string> | undefined;
      nextSortKey = plan.sortName && startKey ? startKey[plan.sortName] : undefined;
      if (!startKey || !filtered) break;
    }
    return {
      transactions: found.map(toTransaction),
      ...(nextSortKey ? { nextCursor: encodeCursor(nextSortKey) } : {}),
      partial: filtered && found.length < pageSize && nextSortKey !== undefined,
      queries,
    };
  }

  /** One transaction, only if it is this merchant's: another merchant's id is the same "not found" as an unknown one. */
  async get(merchantId: string, id: number): Promise<Transaction | undefined> {
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
}
