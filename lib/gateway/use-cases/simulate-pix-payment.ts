import { applyBoletoOccurrence } from '../boleto/registration/apply-boleto-occurrence';
import type { Transaction } from '../domain/transaction';
import { toApiView } from '../domain/transaction';
import { GatewayError } from '../errors';
import { assertTokenOnlyRequest } from '../validation/token-only-validator';
import type { GatewayDependencies, GatewayResult } from './dependencies';
import { openAccess } from './merchant-access';
import { applyPixPayment } from './pix-payment';

/**
 * POST /v1/transacao/{id}/simular_pagamento {token}: sandbox only (a production provider has no simulation: 404, as
 * for a route that does not exist). The sandbox plays the payer's bank: a Pix charge awaiting payment becomes paga; a
 * registered boleto is paid in full today, as a retorno's liquidação would (an unregistered one is refused, as before).
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
  if (transaction.flow === 'boleto') {
    const at = deps.now().toISOString();
    const payment = {
      via: transaction.boleto?.brCode ? ('pix' as const) : ('boleto' as const),
      cents: transaction.totalCents,
      on: at.slice(0, 10),
      at,
    };
    const paid = await applyBoletoOccurrence(deps, transaction, { kind: 'paid', payment }, 'sandbox');
    return { statusCode: 200, body: { transacao: toApiView(paid) } };
  }
  const payment = await simulate(transaction);
  const paid = await applyPixPayment(deps, transaction, { ...payment, by: 'sandbox' });
  return { statusCode: 200, body: { transacao: toApiView(paid) } };
}
