import type { Transaction } from '../../domain/transaction';

/**
 * Attributes the admin search reads, written with every transaction item:
 * - GSI3 (`MERCHANT#<id>#ORDER#<numero>`, sorted like GSI1 by creation): an order-number lookup is one query at any size;
 * - `buyerSearch`: the buyer's name without case or accents and the document's digits, for a contains() filter.
 */
export const ADMIN_SEARCH_ATTRIBUTES = ['GSI3PK', 'GSI3SK', 'buyerSearch'];

export const merchantTransactionsPartition = (merchantId: string) => `MERCHANT#${merchantId}#TX`;
export const orderPartition = (merchantId: string, orderNumber: string) => `MERCHANT#${merchantId}#ORDER#${orderNumber}`;
export const creationSortKey = (createdAt: string, id: number) => `${createdAt}#${String(id).padStart(12, '0')}`;

export function adminSearchAttributes(transaction: Transaction): Record<string, string> {
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
