import { type Transaction, toApiView } from '../domain/transaction';
import { reconcileIfPending } from './acquirer-reconciliation';
import type { GatewayDependencies, GatewayResult } from './dependencies';
import { openAccess } from './merchant-access';
import { expireIfOverdue } from './pix-expiry';

/**
 * GET /v1/transacao/{id}?token=: one round trip (the token and the transaction in one batch read); a Pix charge found
 * past its expiry is expired on the way (one conditional write), so a consult never shows it payable.
 */
export async function getTransaction(
  deps: GatewayDependencies,
  input: { token: unknown; transactionId: number },
): Promise<GatewayResult> {
  const access = await openAccess(deps.store, { token: input.token, transactionId: input.transactionId });
  const transaction = await reconcileIfPending(deps, await expireIfOverdue(deps, access.transaction as Transaction));
  return { statusCode: 200, body: { transacao: toApiView(transaction) } };
}
