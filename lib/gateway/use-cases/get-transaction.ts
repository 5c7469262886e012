import { type Transaction, toApiView } from '../domain/transaction';
import type { GatewayDependencies, GatewayResult } from './dependencies';
import { openAccess } from './merchant-access';

/** GET /v1/transacao/{id}?token=: one round trip (the token and the transaction in one batch read). */
export async function getTransaction(
  deps: GatewayDependencies,
  input: { token: unknown; transactionId: number },
): Promise<GatewayResult> {
  const access = await openAccess(deps.store, { token: input.token, transactionId: input.transactionId });
  return { statusCode: 200, body: { transacao: toApiView(access.transaction as Transaction) } };
}
