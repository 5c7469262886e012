import type { ApiResult } from '../../../http';
import { seeOther } from '../../../http/web';
import { parseTransactionId } from '../../domain/transaction-id';
import { ADMIN_SEARCH_READS } from '../../transactions/query/transaction-query-plan';
import type { Settlement } from '../../use-cases/settle-transaction';
import { type AdminSettlementResult, settleFromAdmin } from '../actions/settle-from-admin';
import { CSV_HEADER, csvRows } from '../export/transactions-csv';
import { parseSearch, type SearchCriteria } from '../search/search-criteria';
import { ConfirmPage } from '../views/confirm-page';
import { TransactionPage } from '../views/transaction-page';
import { TransactionsPage } from '../views/transactions-page';
import { adminCursor } from './admin-cursor';
import { page, type SignedInRequest } from './admin-endpoint';
import { AdminNotFoundError } from './admin-errors';
import { attachmentResponse } from './attachment-response';

const PAGE_SIZE = 25;
/** A Lambda response carries at most 6 MB: 20,000 rows of ~200 bytes stay well under it. */
export const EXPORT_MAX_ROWS = 20_000;

/** GET /v1/admin/transactions: newest first, or the advanced search the URL carries. */
export async function listTransactions(request: SignedInRequest): Promise<ApiResult> {
  const search = parseSearch(request.event.queryStringParameters);
  if (Object.keys(search.problems).length > 0) {
    return page(200, <TransactionsPage {...request.frame} search={search} transactions={[]} partial={false} />);
  }
  const cursor = searchCursor(request, search.criteria);
  const result = await searchTransactions(request, search.criteria, PAGE_SIZE, cursor.open(search.cursor));
  return page(
    200,
    <TransactionsPage
      {...request.frame}
      search={search}
      transactions={result.transactions}
      nextCursor={cursor.sign(result.next)}
      partial={result.partial}
    />,
  );
}

/** The admin search's cursors are bound to every criterion: a page of one search never continues another. */
function searchCursor(request: SignedInRequest, criteria: SearchCriteria) {
  const { status, method, orderNumber, from, to, id, buyer, minCents, maxCents } = criteria;
  return adminCursor(request, 'search', [status, method, orderNumber, from, to, id, buyer, minCents, maxCents]);
}

function searchTransactions(request: SignedInRequest, criteria: SearchCriteria, pageSize: number, after?: string) {
  const merchantId = request.session.merchantId;
  return request.deps.transactions.search({ merchantId, criteria, after, pageSize, reads: ADMIN_SEARCH_READS });
}

/** GET /v1/admin/transactions.csv: the current search (every page of it, up to EXPORT_MAX_ROWS) as CSV. */
export async function exportTransactions(request: SignedInRequest): Promise<ApiResult> {
  const search = parseSearch(request.event.queryStringParameters);
  if (Object.keys(search.problems).length > 0) return seeOther(`${request.base}/transactions${eventQuery(request)}`);
  let body = `\uFEFF${CSV_HEADER}`; // the BOM makes spreadsheets read the accents as UTF-8
  let rows = 0;
  let after: string | undefined;
  do {
    const result = await searchTransactions(request, search.criteria, 1000, after);
    const room = EXPORT_MAX_ROWS - rows;
    body += csvRows(result.transactions.slice(0, room));
    rows += Math.min(room, result.transactions.length);
    after = result.next;
  } while (after && rows < EXPORT_MAX_ROWS);
  const day = request.deps.now().toISOString().slice(0, 10);
  return attachmentResponse(
    'text/csv; charset=utf-8',
    `transactions-${day}${after ? `-first-${EXPORT_MAX_ROWS}` : ''}.csv`,
    body,
  );
}

const RESULTS: Record<string, { text: string; bad: boolean }> = {
  paga: { text: 'Captured: the transaction is paid.', bad: false },
  negada: { text: 'The acquirer refused the capture: the transaction is denied.', bad: true },
  cancelada: { text: 'Refunded: everything captured goes back to the buyer.', bad: false },
  refunded: { text: 'Refunded in part: that amount goes back to the buyer; the rest stays paid.', bad: false },
  refund_pending: { text: 'Refund asked for: it is in progress (em_processamento) until the provider answers.', bad: false },
  refund_failed: { text: 'The refund was not made (nao_realizado): nothing went back to the buyer.', bad: true },
  refused: {
    text: 'Nothing was done: the transaction’s status does not allow it (it may have changed meanwhile).',
    bad: true,
  },
  invalid_amount: { text: 'Nothing was done: write the amount like 12.34 (more than zero).', bad: true },
  over_amount: {
    text: 'Nothing was done: the amount is more than the total (capture) or than what remains to refund.',
    bad: true,
  },
};

/** The notice key of an action's result (the redirect's `result`, a key of RESULTS: never text from the request). */
function resultKey(result: AdminSettlementResult): string {
  if (!result.done) return result.refusal;
  if (result.refund === 'em_processamento') return 'refund_pending';
  if (result.refund === 'nao_realizado') return 'refund_failed';
  return result.refund && result.status === 'paga' ? 'refunded' : result.status;
}

/** GET /v1/admin/transactions/{id} */
export async function showTransaction(request: SignedInRequest): Promise<ApiResult> {
  const transaction = await ownTransaction(request);
  const notice = RESULTS[request.event.queryStringParameters?.result ?? ''];
  return page(200, <TransactionPage {...request.frame} transaction={transaction} notice={notice} />);
}

/** GET shows the confirmation (with the amount, editable), POST (CSRF-checked) captures or refunds through the gateway's use case. */
export async function settleTransaction(request: SignedInRequest): Promise<ApiResult> {
  const operation = operationOf(request.event.pathParameters?.action);
  if (request.event.httpMethod !== 'POST') {
    const transaction = await ownTransaction(request);
    return page(
      200,
      <ConfirmPage {...request.frame} transaction={transaction} operation={operation} csrf={request.frame.user.csrf} />,
    );
  }
  const transactionId = idOf(request);
  const valor = request.form.valor;
  const result = await settleFromAdmin(request.deps, request.session, {
    transactionId,
    operation,
    valor,
    origin: request.origin,
  });
  return seeOther(`${request.base}/transactions/${transactionId}?result=${resultKey(result)}`);
}

async function ownTransaction(request: SignedInRequest) {
  const transaction = await request.deps.transactions.getOfMerchant(request.session.merchantId, idOf(request));
  if (!transaction) throw new AdminNotFoundError();
  return transaction;
}

function idOf(request: SignedInRequest): number {
  const id = parseTransactionId(request.event.pathParameters?.id);
  if (id === undefined) throw new AdminNotFoundError();
  return id;
}

function operationOf(action: string | undefined): Settlement {
  if (action === 'capture' || action === 'refund') return action;
  throw new AdminNotFoundError();
}

function eventQuery(request: SignedInRequest): string {
  const query = new URLSearchParams((request.event.queryStringParameters ?? {}) as Record<string, string>).toString();
  return query ? `?${query}` : '';
}
