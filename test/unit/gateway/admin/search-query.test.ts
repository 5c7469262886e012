import { describe, expect, it } from 'vitest';
import { parseAmountInput, parseSearch, searchQueryString } from '../../../../lib/gateway/admin/search/search-criteria';
import { adminSearchAttributes } from '../../../../lib/gateway/admin/search/search-keys';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';
import { encodePosition as encodeCursor } from '../../../../lib/gateway/listing/signed-cursor';
import {
  planTransactionQuery as planSearch,
  startKeyOf,
} from '../../../../lib/gateway/transactions/query/transaction-query-plan';

describe('search criteria from the URL', () => {
  it('reads every criterion, normalises the buyer term, and writes the same URL back', () => {
    const parsed = parseSearch({
      status: 'paga',
      method: 'acquirerA',
      order: ' 1234 ',
      id: '42',
      buyer: 'JOSÉ  Silva',
      min: '10,50',
      max: '1.234,56',
      from: '2026-11-01',
      to: '2026-11-21',
      cursor: 'abc',
    });
    expect(parsed.problems).toEqual({});
    expect(parsed.criteria).toEqual({
      status: 'paga',
      method: 'acquirerA',
      orderNumber: '1234',
      id: 42,
      buyer: 'jose silva',
      minCents: 1050,
      maxCents: 123456,
      from: '2026-11-01',
      to: '2026-11-21',
    });
    expect(parsed.cursor).toBe('abc');
    expect(parseSearch(Object.fromEntries(new URLSearchParams(searchQueryString(parsed.criteria)))).criteria).toEqual(
      parsed.criteria,
    );
    expect(searchQueryString({}, undefined)).toBe('');
  });

  it('a document is searched by its digits', () => {
    expect(parseSearch({ buyer: '123.456.789-09' }).criteria.buyer).toBe('12345678909');
  });

  it('reports what cannot be understood instead of guessing', () => {
    const { problems } = parseSearch({
      status: 'pending',
      method: 'bitcoin',
      id: '12a',
      buyer: 'a',
      min: 'ten',
      from: '2026-13-45',
      to: 'yesterday',
    });
    expect(Object.keys(problems).sort()).toEqual(['buyer', 'from', 'id', 'method', 'min', 'status', 'to']);
    expect(parseSearch({ min: '20', max: '10' }).problems).toEqual({ max: 'The maximum is below the minimum' });
    expect(parseSearch({ from: '2026-11-21', to: '2026-11-01' }).problems).toEqual({ to: 'The end is before the start' });
  });

  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['R$ 1.234,56', 123456],
    ['0', 0],
    ['-1', undefined],
    ['1.2.3', undefined],
  ])('amount %s → %s cents', (input, cents) => {
    expect(parseAmountInput(input)).toBe(cents);
  });
});

describe('search plans (one Query, never a Scan)', () => {
  it('no criteria: the merchant’s GSI1 partition, newest first, no filter', () => {
    expect(planSearch('m-a', {})).toEqual({
      indexName: 'GSI1',
      keyCondition: 'GSI1PK = :partition',
      names: {},
      values: { ':partition': 'MERCHANT#m-a#TX' },
      partition: { name: 'GSI1PK', value: 'MERCHANT#m-a#TX' },
      sortName: 'GSI1SK',
    });
  });

  it('a date range narrows the key condition; other criteria combine into one filter', () => {
    const plan = planSearch('m-a', {
      from: '2026-11-01',
      to: '2026-11-21',
      status: 'paga',
      method: 'acquirerB_ws',
      buyer: 'silva',
      minCents: 1000,
      maxCents: 5000,
    });
    expect(plan.indexName).toBe('GSI1');
    expect(plan.keyCondition).toBe('GSI1PK = :partition AND GSI1SK BETWEEN :from AND :to');
    expect(plan.values[':from']).toBe('2026-11-01T00:00:00.000Z');
    expect(plan.values[':to']).toBe('2026-11-21T23:59:59.999Z~');
    expect(plan.filter).toBe(
      '#status = :status AND #method = :method AND contains(#buyerSearch, :buyer) AND #totalCents >= :minCents AND #totalCents <= :maxCents',
    );
    expect(plan.names).toEqual({
      '#status': 'status',
      '#method': 'method',
      '#buyerSearch': 'buyerSearch',
      '#totalCents': 'totalCents',
    });
  });

  it('an open-ended date range uses one bound', () => {
    expect(planSearch('m-a', { from: '2026-11-01' }).keyCondition).toBe('GSI1PK = :partition AND GSI1SK >= :from');
    expect(planSearch('m-a', { to: '2026-11-01' }).keyCondition).toBe('GSI1PK = :partition AND GSI1SK <= :to');
  });

  it('an order number goes to GSI3, that order’s transactions only', () => {
    const plan = planSearch('m-a', { orderNumber: '1234', status: 'negada' });
    expect(plan.indexName).toBe('GSI3');
    expect(plan.values[':partition']).toBe('MERCHANT#m-a#ORDER#1234');
    expect(plan.filter).toBe('#status = :status');
  });

  it('an id reads that one item, filtered by merchant so another merchant’s id finds nothing', () => {
    const plan = planSearch('m-a', { id: 42, orderNumber: '7', from: '2026-11-01' });
    expect(plan.indexName).toBeUndefined();
    expect(plan.keyCondition).toBe('PK = :pk AND SK = :sk');
    expect(plan.values).toMatchObject({ ':pk': 'TX#42', ':sk': 'TX', ':merchantId': 'm-a', ':orderNumber': '7' });
    expect(plan.filter).toBe('#merchantId = :merchantId AND #orderNumber = :orderNumber AND #createdAt >= :from');
  });

  it('cursors resume in the merchant’s own partition only; anything else starts from the top', () => {
    const plan = planSearch('m-a', {});
    const cursor = encodeCursor('2026-11-21T10:00:00.000Z#000000000042');
    expect(startKeyOf(plan, cursor)).toEqual({
      PK: 'TX#42',
      SK: 'TX',
      GSI1PK: 'MERCHANT#m-a#TX',
      GSI1SK: '2026-11-21T10:00:00.000Z#000000000042',
    });
    expect(startKeyOf(plan, 'not-a-cursor')).toBeUndefined();
    expect(startKeyOf(plan, encodeCursor('MERCHANT#m-b#TX'))).toBeUndefined();
    expect(startKeyOf(planSearch('m-a', { id: 1 }), cursor)).toBeUndefined();
  });

  it('stored search attributes match how terms are normalised', () => {
    const attributes = adminSearchAttributes({
      id: 42,
      merchantId: 'm-a',
      orderNumber: '1234',
      createdAt: '2026-11-21T10:00:00.000Z',
      buyer: { nome: 'José da Silva', documento: '123.456.789-09' },
    } as Transaction);
    expect(attributes).toEqual({
      GSI3PK: 'MERCHANT#m-a#ORDER#1234',
      GSI3SK: '2026-11-21T10:00:00.000Z#000000000042',
      buyerSearch: 'jose da silva|12345678909',
    });
    expect(attributes.buyerSearch).toContain(parseSearch({ buyer: 'DA SILVA' }).criteria.buyer);
    expect(attributes.buyerSearch).toContain(parseSearch({ buyer: '123.456.789-09' }).criteria.buyer);
  });
});
