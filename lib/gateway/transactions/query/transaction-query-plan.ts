import { decodePosition } from '../../listing/signed-cursor';
import { merchantTransactionsPartition, orderPartition, parseCreationSortKey, transactionKey } from '../../table/gateway-table';
import type { TransactionCriteria } from './transaction-criteria';

/**
 * One DynamoDB Query (never a Scan) for a list of a merchant's transactions, the `/v1` list's and the admin search's
 * alike, chosen by the most selective criterion:
 * - an id: the transaction's own item (filtered by merchant, so another merchant's id finds nothing);
 * - an order number: GSI3, that order's transactions;
 * - otherwise GSI1, the merchant's transactions newest first, narrowed by the date range in the key condition.
 * Everything else is a FilterExpression on that query. Plain data: the store adds the table and where to start.
 */
export interface QueryPlan {
  indexName?: 'GSI1' | 'GSI3';
  keyCondition: string;
  filter?: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** The key attributes of the index (to rebuild ExclusiveStartKey from a cursor). */
  partition: { name: string; value: string };
  sortName?: string;
}

export function planTransactionQuery(merchantId: string, criteria: TransactionCriteria): QueryPlan {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const filters: string[] = [];
  let plan: Pick<QueryPlan, 'indexName' | 'keyCondition' | 'partition' | 'sortName'>;

  if (criteria.id !== undefined) {
    const key = transactionKey(criteria.id);
    values[':pk'] = key.PK;
    values[':sk'] = key.SK;
    plan = { keyCondition: 'PK = :pk AND SK = :sk', partition: { name: 'PK', value: key.PK } };
    names['#merchantId'] = 'merchantId';
    values[':merchantId'] = merchantId;
    filters.push('#merchantId = :merchantId');
    if (criteria.orderNumber !== undefined) {
      names['#orderNumber'] = 'orderNumber';
      values[':orderNumber'] = criteria.orderNumber;
      filters.push('#orderNumber = :orderNumber');
    }
    const range = dateRangeFilter(criteria, 'createdAt');
    if (range) {
      names['#createdAt'] = 'createdAt';
      Object.assign(values, range.values);
      filters.push(range.expression('#createdAt'));
    }
  } else {
    const [indexName, partitionName, sortName, partition] =
      criteria.orderNumber !== undefined
        ? (['GSI3', 'GSI3PK', 'GSI3SK', orderPartition(merchantId, criteria.orderNumber)] as const)
        : (['GSI1', 'GSI1PK', 'GSI1SK', merchantTransactionsPartition(merchantId)] as const);
    values[':partition'] = partition;
    let keyCondition = `${partitionName} = :partition`;
    const range = dateRangeFilter(criteria, 'sortKey');
    if (range) {
      Object.assign(values, range.values);
      keyCondition += ` AND ${range.expression(sortName)}`;
    }
    plan = { indexName, keyCondition, partition: { name: partitionName, value: partition }, sortName };
  }

  if (criteria.status) {
    names['#status'] = 'status';
    values[':status'] = criteria.status;
    filters.push('#status = :status');
  }
  if (criteria.method) {
    names['#method'] = 'method';
    values[':method'] = criteria.method;
    filters.push('#method = :method');
  }
  if (criteria.buyer) {
    names['#buyerSearch'] = 'buyerSearch';
    values[':buyer'] = criteria.buyer;
    filters.push('contains(#buyerSearch, :buyer)');
  }
  if (criteria.minCents !== undefined || criteria.maxCents !== undefined) {
    names['#totalCents'] = 'totalCents';
    if (criteria.minCents !== undefined) {
      values[':minCents'] = criteria.minCents;
      filters.push('#totalCents >= :minCents');
    }
    if (criteria.maxCents !== undefined) {
      values[':maxCents'] = criteria.maxCents;
      filters.push('#totalCents <= :maxCents');
    }
  }
  return { ...plan, names, values, ...(filters.length ? { filter: filters.join(' AND ') } : {}) };
}

/**
 * UTC days as bounds on a sort key `<createdAt ISO>#<id>` (or on createdAt itself): the upper bound
 * `…T23:59:59.999Z~` sorts after every key of that day.
 */
function dateRangeFilter(criteria: TransactionCriteria, on: 'sortKey' | 'createdAt') {
  if (!criteria.from && !criteria.to) return undefined;
  const values: Record<string, string> = {};
  if (criteria.from) values[':from'] = `${criteria.from}T00:00:00.000Z`;
  if (criteria.to) values[':to'] = `${criteria.to}T23:59:59.999Z${on === 'sortKey' ? '~' : ''}`;
  const expression = (attribute: string) =>
    criteria.from && criteria.to
      ? `${attribute} BETWEEN :from AND :to`
      : criteria.from
        ? `${attribute} >= :from`
        : `${attribute} <= :to`;
  return { values, expression };
}

/** The ExclusiveStartKey of an encoded position (listing/signed-cursor.ts), or undefined when it is not one of this plan's. */
export function startKeyOf(plan: QueryPlan, encodedPosition: string | undefined): Record<string, string> | undefined {
  if (!encodedPosition || !plan.sortName) return undefined;
  const sortKey = decodePosition(encodedPosition);
  const parsed = parseCreationSortKey(sortKey);
  if (!parsed) return undefined;
  return { ...transactionKey(parsed.id), [plan.partition.name]: plan.partition.value, [plan.sortName]: sortKey };
}

/**
 * How many items a filtered page may read through its filter before it answers a short page with a cursor: a filter on
 * a rare value could otherwise read a merchant's whole history. Unfiltered pages read one more item than they show.
 */
export interface ReadPolicy {
  /** The Limit of the `query`-th Query (from 0) of a filtered page that has read `read` items; undefined: stop there. */
  filteredLimit(query: number, read: number, pageSize: number): number | undefined;
}

/** The `/v1` list: up to 2,000 items read per request, 200 (or a page) at a time. */
export const API_LIST_READS: ReadPolicy = {
  filteredLimit: (_query, read, pageSize) => (read < 2000 ? Math.min(2000 - read, Math.max(pageSize + 1, 200)) : undefined),
};

/**
 * The admin search: a small first read fills the page when the filter is common (a status), a larger second one when
 * it is rare; two round trips at most whatever the merchant's size (the page says "partial" when it stopped there).
 */
export const ADMIN_SEARCH_READS: ReadPolicy = {
  filteredLimit: (query, _read, pageSize) => {
    const reads = [100, 1000][query];
    return reads === undefined ? undefined : Math.max(pageSize + 1, reads);
  },
};
