import { maskedPan } from '../../domain/card';
import { formatAmount } from '../../domain/money';
import { capturedCentsOf, refundedCents } from '../../domain/refund';
import type { Transaction } from '../../domain/transaction';

const COLUMNS: [string, (t: Transaction) => string | number | undefined][] = [
  ['id', (t) => t.id],
  ['created_at', (t) => t.createdAt],
  ['status', (t) => t.status],
  ['meio_pagamento', (t) => t.method],
  ['numero_pedido', (t) => t.orderNumber],
  ['total', (t) => formatAmount(t.totalCents)],
  ['moeda', (t) => t.currency],
  ['comprador_nome', (t) => t.buyer?.nome],
  ['comprador_documento', (t) => t.buyer?.documento],
  ['cartao', (t) => (t.card ? `${t.card.brand} ${maskedPan(t.card)}` : undefined)],
  ['parcelas', (t) => t.installments],
  ['url_acesso', (t) => t.accessUrl],
  ['updated_at', (t) => t.updatedAt],
  // Added last (issue 22), so that sheets reading the columns by position keep working.
  ['valor_capturado', (t) => optionalAmount(capturedCentsOf(t))],
  ['valor_estornado', (t) => formatAmount(refundedCents(t))],
];

const optionalAmount = (cents: number | undefined) => (cents === undefined ? undefined : formatAmount(cents));

export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(',')}\r\n`;

/** One CSV line per transaction (RFC 4180, CRLF), the API's field names as headers. */
export function csvRows(transactions: Transaction[]): string {
  return transactions.map((t) => `${COLUMNS.map(([, value]) => csvCell(value(t))).join(',')}\r\n`).join('');
}

/**
 * Quotes when needed, and defuses spreadsheet formulas: a buyer named `=HYPERLINK(...)` must not run
 * in the merchant's spreadsheet (OWASP "CSV injection"), so such cells get a leading apostrophe.
 */
export function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
