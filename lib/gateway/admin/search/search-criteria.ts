import { formatAmount } from '../../domain/money';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-methods';
import { STATUSES, type Status } from '../../domain/state-machine';
import { parseTransactionId } from '../../domain/transaction-id';
import type { TransactionCriteria } from '../../transactions/query/transaction-criteria';
import { digitsOf, normaliseText } from '../../transactions/transaction-item';

/** An advanced search as the Transactions page's URL carries it (so it can be bookmarked and shared). */
export type SearchCriteria = TransactionCriteria;

export interface ParsedSearch {
  criteria: SearchCriteria;
  /** Where the previous page stopped (opaque). */
  cursor?: string;
  /** Fields the merchant typed that cannot be understood, with why: shown next to the form, never guessed. */
  problems: Record<string, string>;
}

/** The URL parameter of each criterion. */
export const SEARCH_PARAMS = ['status', 'method', 'order', 'id', 'buyer', 'min', 'max', 'from', 'to'] as const;
type Param = (typeof SEARCH_PARAMS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseSearch(query: Record<string, string | undefined> | null | undefined): ParsedSearch {
  const value = (name: Param | 'cursor') => {
    const raw = query?.[name]?.trim();
    return raw ? raw.slice(0, 200) : undefined;
  };
  const criteria: SearchCriteria = {};
  const problems: Record<string, string> = {};

  const status = value('status');
  if (status) {
    if ((STATUSES as readonly string[]).includes(status)) criteria.status = status as Status;
    else problems.status = 'Unknown status';
  }
  const method = value('method');
  if (method) {
    if ((PAYMENT_METHODS as readonly string[]).includes(method)) criteria.method = method as PaymentMethod;
    else problems.method = 'Unknown payment method';
  }
  const order = value('order');
  if (order) criteria.orderNumber = order;
  const id = value('id');
  if (id) {
    const parsed = parseTransactionId(id);
    if (parsed !== undefined) criteria.id = parsed;
    else problems.id = 'An id is a positive whole number';
  }
  const buyer = value('buyer');
  if (buyer) {
    const term = buyerTerm(buyer);
    if (term.length >= 2) criteria.buyer = term;
    else problems.buyer = 'Type at least two letters or digits';
  }
  for (const [param, field] of [
    ['min', 'minCents'],
    ['max', 'maxCents'],
  ] as const) {
    const amount = value(param);
    if (!amount) continue;
    const cents = parseAmountInput(amount);
    if (cents === undefined) problems[param] = 'An amount like 10.50';
    else criteria[field] = cents;
  }
  if (criteria.minCents !== undefined && criteria.maxCents !== undefined && criteria.minCents > criteria.maxCents) {
    problems.max = 'The maximum is below the minimum';
  }
  for (const param of ['from', 'to'] as const) {
    const date = value(param);
    if (!date) continue;
    if (DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`))) criteria[param] = date;
    else problems[param] = 'A date like 2026-11-21';
  }
  if (criteria.from && criteria.to && criteria.from > criteria.to) problems.to = 'The end is before the start';
  return { criteria, cursor: value('cursor'), problems };
}

/** A document is searched by its digits, a name by its normalised text. */
export function buyerTerm(input: string): string {
  return /^[\d.\-/\s]+$/.test(input) ? digitsOf(input) : normaliseText(input);
}

/** "10", "10.5", "10.50", "1.234,56" and "1234,56" → cents; negative or malformed → undefined. */
export function parseAmountInput(input: string): number | undefined {
  let text = input.replace(/\s|R\$/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) text = text.replace(/\./g, '');
  text = text.replace(',', '.');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The query string of a search (and optionally a page cursor): the same URL opens the same results. */
export function searchQueryString(criteria: SearchCriteria, cursor?: string): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  put('status', criteria.status);
  put('method', criteria.method);
  put('order', criteria.orderNumber);
  put('id', criteria.id);
  put('buyer', criteria.buyer);
  put('min', criteria.minCents === undefined ? undefined : formatAmount(criteria.minCents));
  put('max', criteria.maxCents === undefined ? undefined : formatAmount(criteria.maxCents));
  put('from', criteria.from);
  put('to', criteria.to);
  put('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function hasCriteria(criteria: SearchCriteria): boolean {
  return Object.values(criteria).some((value) => value !== undefined);
}
