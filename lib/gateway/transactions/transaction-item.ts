import type { Transaction } from '../domain/transaction';
import {
  creationSortKey,
  KEY_ATTRIBUTES,
  merchantTransactionsPartition,
  orderPartition,
  PAGE_SORT_KEY,
  pagePartition,
  transactionKey,
} from '../table/gateway-table';

/** Attributes of a transaction item that are keys or search helpers, not part of the transaction. */
const NOT_TRANSACTION = [...KEY_ATTRIBUTES, 'buyerSearch', 'kind'];

/** The stored item of a transaction (seeding and benchmarks write exactly what the API writes). */
export function toItem(transaction: Transaction): Record<string, unknown> {
  return {
    ...searchAttributes(transaction),
    ...transactionKey(transaction.id),
    GSI1PK: merchantTransactionsPartition(transaction.merchantId),
    GSI1SK: creationSortKey(transaction.createdAt, transaction.id),
    ...(transaction.pageUuid ? { GSI2PK: pagePartition(transaction.pageUuid), GSI2SK: PAGE_SORT_KEY } : {}),
    kind: 'transaction',
    ...transaction,
  };
}

export function toTransaction(item: Record<string, unknown>): Transaction {
  const transaction = { ...item };
  for (const attribute of NOT_TRANSACTION) delete transaction[attribute];
  return transaction as unknown as Transaction;
}

/**
 * Attributes the searches read, written with every transaction item:
 * - GSI3 (`MERCHANT#<id>#ORDER#<numero>`, sorted like GSI1 by creation): an order-number lookup is one query at any size;
 * - `buyerSearch`: the buyer's name without case or accents and the document's digits, for a contains() filter.
 */
export function searchAttributes(transaction: Transaction): Record<string, string> {
  const buyer = [normaliseText(transaction.buyer?.nome ?? ''), digitsOf(transaction.buyer?.documento ?? '')]
    .filter(Boolean)
    .join('|');
  return {
    GSI3PK: orderPartition(transaction.merchantId, transaction.orderNumber),
    GSI3SK: creationSortKey(transaction.createdAt, transaction.id),
    ...(buyer ? { buyerSearch: buyer } : {}),
  };
}

/** "José  da SILVA" → "jose da silva": how names are stored for search and how search terms are compared. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}
