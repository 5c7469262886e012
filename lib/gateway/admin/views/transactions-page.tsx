import type { JSX } from 'preact';
import { formatAmount } from '../../domain/money';
import { PAYMENT_METHODS } from '../../domain/payment-methods';
import { STATUSES } from '../../domain/state-machine';
import type { Transaction } from '../../domain/transaction';
import { hasCriteria, type ParsedSearch, searchQueryString } from '../search/search-criteria';
import { dateTime, METHOD_LABELS, money, STATUS_LABELS } from './format';
import { Layout, type PageFrame, StatusBadge } from './layout';

export interface TransactionsPageProps extends PageFrame {
  search: ParsedSearch;
  transactions: Transaction[];
  nextCursor?: string;
  partial: boolean;
}

export function TransactionsPage(props: TransactionsPageProps) {
  const { base, search, transactions } = props;
  const { criteria, problems } = search;
  const searching = hasCriteria(criteria);
  const field = (name: string, label: string, input: JSX.Element) => (
    <div>
      <label for={`f-${name}`}>{label}</label>
      {input}
      {problems[name] && (
        <span class="error" id={`e-${name}`}>
          {problems[name]}
        </span>
      )}
    </div>
  );
  const text = (name: string, value: string | number | undefined, extra: Record<string, string> = {}) => (
    <input
      id={`f-${name}`}
      name={name}
      value={value === undefined ? '' : String(value)}
      aria-invalid={problems[name] ? 'true' : undefined}
      aria-describedby={problems[name] ? `e-${name}` : undefined}
      {...extra}
    />
  );
  const invalid = Object.keys(problems).length > 0;
  return (
    <Layout {...props} current="transactions" title="Transactions">
      <h1>Transactions</h1>
      <details class="card" open={searching || invalid}>
        <summary>Advanced search</summary>
        <form class="search" method="get" action={`${base}/transactions`} aria-label="Advanced search">
          {field(
            'status',
            'Status',
            <select id="f-status" name="status">
              <option value="">Any</option>
              {STATUSES.map((status) => (
                <option value={status} selected={criteria.status === status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>,
          )}
          {field(
            'method',
            'Payment method',
            <select id="f-method" name="method">
              <option value="">Any</option>
              {PAYMENT_METHODS.map((method) => (
                <option value={method} selected={criteria.method === method}>
                  {METHOD_LABELS[method]}
                </option>
              ))}
            </select>,
          )}
          {field('order', 'Order number', text('order', criteria.orderNumber))}
          {field('id', 'Transaction id', text('id', criteria.id, { inputmode: 'numeric' }))}
          {field('buyer', 'Buyer name or document', text('buyer', search.criteria.buyer))}
          {field(
            'min',
            'Amount from (R$)',
            text('min', criteria.minCents === undefined ? undefined : formatAmount(criteria.minCents), { inputmode: 'decimal' }),
          )}
          {field(
            'max',
            'Amount to (R$)',
            text('max', criteria.maxCents === undefined ? undefined : formatAmount(criteria.maxCents), { inputmode: 'decimal' }),
          )}
          {field('from', 'Created from (UTC)', text('from', criteria.from, { type: 'date' }))}
          {field('to', 'Created to (UTC)', text('to', criteria.to, { type: 'date' }))}
          <div class="actions">
            <button type="submit">Search</button>
            <a class="button secondary" href={`${base}/transactions`}>
              Clear
            </a>
          </div>
        </form>
      </details>
      {invalid ? (
        <p class="notice bad" role="alert">
          Some search fields could not be understood; correct them and search again.
        </p>
      ) : (
        <>
          <div class="actions" style="margin-bottom:12px">
            <span class="muted" role="status">
              {searching ? `${transactions.length} matching on this page` : 'Newest first'}
            </span>
            <a class="button secondary" href={`${base}/transactions.csv${searchQueryString(criteria)}`}>
              Export CSV
            </a>
          </div>
          {transactions.length === 0 ? (
            <p class="card" role="status">
              {props.nextCursor
                ? 'No matches among the transactions searched so far. Continue with the next page to search older ones.'
                : searching
                  ? 'No transactions match this search.'
                  : 'No transactions yet.'}
            </p>
          ) : (
            <div class="scroll">
              <table>
                <caption class="visually-hidden">Transactions, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">Date</th>
                    <th scope="col">Order</th>
                    <th scope="col" class="hide-small">
                      Buyer
                    </th>
                    <th scope="col" class="hide-small">
                      Method
                    </th>
                    <th scope="col" class="num">
                      Total
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {transactions.map((transaction) => (
                    <tr>
                      <td>
                        <a href={`${base}/transactions/${transaction.id}`}>{transaction.id}</a>
                      </td>
                      <td>{dateTime(transaction.createdAt)}</td>
                      <td>{transaction.orderNumber}</td>
                      <td class="hide-small">{transaction.buyer?.nome ?? '—'}</td>
                      <td class="hide-small">{METHOD_LABELS[transaction.method] ?? transaction.method}</td>
                      <td class="num">{money(transaction.totalCents)}</td>
                      <td>
                        <StatusBadge status={transaction.status} label={STATUS_LABELS[transaction.status]} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav class="actions" aria-label="Pages" style="margin-top:12px">
            {search.cursor && (
              <a class="button secondary" href={`${base}/transactions${searchQueryString(criteria)}`}>
                First page
              </a>
            )}
            {props.nextCursor && (
              <a
                class="button secondary"
                href={`${base}/transactions${searchQueryString(criteria, props.nextCursor)}`}
                rel="next"
              >
                Next page
              </a>
            )}
            {props.partial && <span class="muted">More matches may be on the next pages.</span>}
          </nav>
        </>
      )}
    </Layout>
  );
}
