import { AcquirerUnavailableError } from '../../acquirers/acquirer';
import { formatAmount, parseAmount } from '../../domain/money';
import { type RefundStatus, remainingCents } from '../../domain/refund';
import type { Status } from '../../domain/state-machine';
import type { Transaction } from '../../domain/transaction';
import { GatewayError } from '../../errors';
import { type Settlement, settleAuthorized } from '../../use-cases/settle-transaction';
import type { AdminDependencies, RequestOrigin } from '../admin-dependencies';
import type { AdminSession } from '../sessions/admin-session';

/** Why nothing was done, as the transaction page's notice names it. */
export type AdminRefusal = 'refused' | 'invalid_amount' | 'over_amount';

export type AdminSettlementResult =
  | { done: true; status: Status /** A refund's own status (a refused one is listed nao_realizado). */; refund?: RefundStatus }
  | { done: false; reason: string; refusal: AdminRefusal };

/**
 * Capture or estornar from the admin UI: the same use case as the API (state machine, amount rules, acquirer,
 * conditional write), for a transaction the session's merchant owns, recorded as `admin:<email>` in the history (or with
 * the refund) and in the audit log whatever the outcome. `valor` (the form's, "12.34" or "12,34"; empty: the total
 * for a capture, all that remains for a refund) makes it partial.
 */
export async function settleFromAdmin(
  deps: AdminDependencies,
  session: AdminSession,
  input: { transactionId: number; operation: Settlement; valor?: string; origin: RequestOrigin },
): Promise<AdminSettlementResult> {
  const transaction = await deps.transactions.getOfMerchant(session.merchantId, input.transactionId);
  if (!transaction) throw new GatewayError('not_found');
  const valor = input.valor?.trim().replace(',', '.') ?? '';
  const cents = valor === '' ? undefined : parseAmount(valor);
  let result: AdminSettlementResult;
  if (cents === undefined && valor !== '') {
    result = { done: false, reason: 'invalid amount', refusal: 'invalid_amount' };
  } else if (cents !== undefined && cents > mostOf(transaction, input.operation)) {
    result = { done: false, reason: `${formatAmount(cents)} is more than allowed`, refusal: 'over_amount' };
  } else {
    result = await settle(deps, session, transaction, input.operation, cents);
  }
  const amount = cents === undefined ? '' : ` (valor ${formatAmount(cents)})`;
  await deps.audit.record(session.merchantId, {
    at: deps.now().toISOString(),
    action: input.operation,
    actor: session.email,
    transactionId: transaction.id,
    outcome: result.done
      ? `status ${result.status}${amount}${result.refund ? `, estorno ${result.refund}` : ''}`
      : `refused: ${result.reason}${amount}`,
    ...input.origin,
  });
  return result;
}

/** The most a capture (the total) or a refund (what remains) may take. */
function mostOf(transaction: Transaction, operation: Settlement): number {
  return operation === 'capture' ? transaction.totalCents : remainingCents(transaction);
}

async function settle(
  deps: AdminDependencies,
  session: AdminSession,
  transaction: Transaction,
  operation: Settlement,
  cents: number | undefined,
): Promise<AdminSettlementResult> {
  try {
    const settled = await settleAuthorized(deps.gateway, { transaction, operation, cents, by: `admin:${session.email}` });
    const { status, estornos } = settled.body.transacao as { status: Status; estornos: { status: RefundStatus }[] };
    return { done: true, status, ...(operation === 'refund' ? { refund: estornos.at(-1)?.status } : {}) };
  } catch (error) {
    const refused =
      (error instanceof GatewayError && error.kind === 'transition_not_allowed') || error instanceof AcquirerUnavailableError;
    if (!refused) throw error;
    return { done: false, reason: error.message, refusal: 'refused' };
  }
}
