import { AcquirerUnavailableError } from '../../acquirers/acquirer';
import type { Status } from '../../domain/state-machine';
import { GatewayError } from '../../errors';
import { type Settlement, settleAuthorized } from '../../use-cases/settle-transaction';
import type { AdminDependencies, RequestOrigin } from '../admin-dependencies';
import type { AdminSession } from '../sessions/admin-session';

export type AdminSettlementResult = { done: true; status: Status } | { done: false; reason: string };

/**
 * Capture or estornar from the admin UI: the same use case as the API (state machine, acquirer,
 * conditional write), for a transaction the session's merchant owns, recorded as `admin:<email>` in
 * the history and in the audit log whatever the outcome.
 */
export async function settleFromAdmin(
  deps: AdminDependencies,
  session: AdminSession,
  input: { transactionId: number; operation: Settlement; origin: RequestOrigin },
): Promise<AdminSettlementResult> {
  const transaction = await deps.transactions.getOfMerchant(session.merchantId, input.transactionId);
  if (!transaction) throw new GatewayError('not_found');
  let result: AdminSettlementResult;
  try {
    const settled = await settleAuthorized(deps.gateway, {
      transaction,
      operation: input.operation,
      by: `admin:${session.email}`,
    });
    result = { done: true, status: settled.body.transacao.status as Status };
  } catch (error) {
    const refused =
      (error instanceof GatewayError && error.kind === 'transition_not_allowed') || error instanceof AcquirerUnavailableError;
    if (!refused) throw error;
    result = { done: false, reason: error.message };
  }
  await deps.audit.record(session.merchantId, {
    at: deps.now().toISOString(),
    action: input.operation,
    actor: session.email,
    transactionId: transaction.id,
    outcome: result.done ? `status ${result.status}` : `refused: ${result.reason}`,
    ...input.origin,
  });
  return result;
}
