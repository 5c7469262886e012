import { toApiView } from '../domain/transaction';
import { invalidCursor, parseListQuery } from '../listing/list-query';
import { type CursorBinding, openCursor, signCursor } from '../listing/signed-cursor';
import { API_LIST_READS } from '../transactions/query/transaction-query-plan';
import type { GatewayDependencies } from './dependencies';
import { openAccess } from './merchant-access';

export interface TransactionList {
  transacoes: Record<string, unknown>[];
  proximo_cursor: string | null;
}

/**
 * GET /v1/transacao?token=...: the token's merchant's transactions newest first, each as the consult API
 * shows it, one page at a time (DESIGN §7.1). Authentication comes first: without a valid token no filter
 * is even looked at.
 */
export async function listTransactions(
  deps: GatewayDependencies,
  input: { query: Record<string, string | undefined> },
): Promise<TransactionList> {
  const access = await openAccess(deps.store, { token: input.query.token });
  const { limit, ...criteria } = parseListQuery(input.query);
  const secret = await deps.serverSecret();
  const { merchantId } = access.merchant;
  const binding: CursorBinding = {
    purpose: 'list-cursor',
    merchantId,
    filters: [criteria.status, criteria.method, criteria.orderNumber, criteria.from, criteria.to],
  };
  const cursor = input.query.cursor;
  const after = cursor === undefined ? undefined : openCursor(secret, binding, cursor);
  if (cursor !== undefined && after === undefined) throw invalidCursor();
  const page = await deps.store.search({ merchantId, criteria, after, pageSize: limit, reads: API_LIST_READS });
  return {
    transacoes: page.transactions.map(toApiView),
    proximo_cursor: page.next ? signCursor(secret, binding, page.next) : null,
  };
}
