import type { Transaction } from '../domain/transaction';
import { toApiView } from '../domain/transaction';
import { GatewayError } from '../errors';
import { assertTokenOnlyRequest } from '../validation/token-only-validator';
import type { GatewayDependencies, GatewayResult } from './dependencies';
import { openAccess } from './merchant-access';
import { applyPixPayment } from './pix-payment';

/**
 * POST /v1/transacao/{id}/simular_pagamento {token}: sandbox only (a production provider has no simulation: 404, as
 * for a route that does not exist). The sandbox plays the payer's bank: a Pix charge awaiting payment becomes paga.
 */
export async function simulatePixPayment(
  deps: GatewayDependencies,
  input: { body: unknown; transactionId: number },
): Promise<GatewayResult> {
  const simulate = deps.pixProvider.simulatePayment;
  if (!simulate) throw new GatewayError('not_found', 'simular_pagamento existe só no sandbox');
  assertTokenOnlyRequest(input.body);
  const access = await openAccess(deps.store, { token: input.body.token, transactionId: input.transactionId });
  const transaction = access.transaction as Transaction;
  const payment = await simulate(transaction);
  const paid = await applyPixPayment(deps, transaction, { ...payment, by: 'sandbox' });
  return { statusCode: 200, body: { transacao: toApiView(paid) } };
}
