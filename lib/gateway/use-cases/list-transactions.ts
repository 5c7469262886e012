import { toApiView } from '../domain/transaction';
import { decodeCursor, encodeCursor, parseListQuery } from '../listing/list-query';
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
  const query = parseListQuery(input.query);
  const secret = await deps.serverSecret();
  const binding = { merchantId: access.merchant.merchantId, query };
  const after = input.query.cursor === undefined ? undefined : decodeCursor(secret, binding, input.query.cursor);
  const page = await deps.store.listByMerchant({ merchantId: access.merchant.merchantId, query, after });
  return {
    transacoes: page.transactions.map(toApiView),
    proximo_cursor: page.next ? encodeCursor(secret, binding, page.next) : null,
  };
}
