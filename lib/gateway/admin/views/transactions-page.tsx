import type { JSX } from 'preact';
import { formatAmount } from '../../domain/money';
import type { Transaction } from '../../domain/transaction';
import { hasCriteria, type ParsedSearch, searchQueryString } from '../search/search-criteria';
import { type Column, DataTable, Pager } from './data-table';
import { dateTime, METHOD_LABELS, money, STATUS_LABELS } from './format';
import { Layout, type PageFrame, StatusBadge } from './layout';

export interface TransactionsPageProps extends PageFrame {
  search: ParsedSearch;
  transactions: Transaction[];
  nextCursor?: string;
  partial: boolean;
}

const COLUMNS: Column[] = [
  { label: 'Id' },
  { label: 'Date' },
  { label: 'Order' },
  { label: 'Buyer', hideSmall: true },
  { label: 'Method', hideSmall: true },
  { label: 'Total', numeric: true },
  { label: 'Status' },
];

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
  const choice = (name: string, selected: string | undefined, labels: Record<string, string>) => (
    <select id={`f-${name}`} name={name}>
      <option value="">Any</option>
      {Object.entries(labels).map(([value, label]) => (
        <option value={value} selected={selected === value}>
          {label}
        </option>
      ))}
    </select>
  );
  const invalid = Object.keys(problems).length > 0;
  return (
    <Layout {...props} current="transactions" title="Transactions">
      <h1>Transactions</h1>
      <details class="card" open={searching || invalid}>
        <summary>Advanced search</summary>
        <form class="search" method="get" action={`${base}/transactions`} aria-label="Advanced search">
          {field('status', 'Status', choice('status', criteria.status, STATUS_LABELS))}
          {field('method', 'Payment method', choice('method', criteria.method, METHOD_LABELS))}
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
            <DataTable caption="Transactions, newest first" columns={COLUMNS}>
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
            </DataTable>
          )}
          <Pager
            first={
              search.cursor ? { href: `${base}/transactions${searchQueryString(criteria)}`, label: 'First page' } : undefined
            }
            next={
              props.nextCursor
                ? { href: `${base}/transactions${searchQueryString(criteria, props.nextCursor)}`, label: 'Next page' }
                : undefined
            }
            note={props.partial ? 'More matches may be on the next pages.' : undefined}
          />
        </>
      )}
    </Layout>
  );
}
