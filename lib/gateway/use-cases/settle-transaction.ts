import { type Transaction, toApiView } from '../domain/transaction';
import { assertAllowed, assertCapturable, cardProcessorOf, transition } from '../domain/transition';
import { GatewayError } from '../errors';
import { parseSettlementRequest } from '../validation/settlement-request-validator';
import type { GatewayDependencies, GatewayResult } from './dependencies';
import { idempotencyWrite, replayed, resultOfWinner } from './idempotent-result';
import { openAccess } from './merchant-access';
import { refundAuthorized } from './refund-transaction';

export interface SettleInput {
  body: unknown;
  transactionId: number;
  idempotencyKey?: string;
}

export type Settlement = 'capture' | 'refund';

/** POST /v1/transacao/{id}/capturar `{token, valor?}`: aguardando_pagamento (authorized) → paga | negada, all or `valor`. */
export function captureTransaction(deps: GatewayDependencies, input: SettleInput): Promise<GatewayResult> {
  return settle(deps, input, 'capture');
}

/** POST /v1/transacao/{id}/estornar `{token, valor?}`: a refund of `valor` or of all that remains (paga → cancelada at the end). */
export function refundTransaction(deps: GatewayDependencies, input: SettleInput): Promise<GatewayResult> {
  return settle(deps, input, 'refund');
}

/** Both settlements through the API: the body checked, the token and the Idempotency-Key honoured, then the settlement. */
async function settle(deps: GatewayDependencies, input: SettleInput, operation: Settlement): Promise<GatewayResult> {
  const { token, cents } = parseSettlementRequest(input.body);
  const request = { operation, id: input.transactionId, cents };
  const access = await openAccess(deps.store, {
    token,
    transactionId: input.transactionId,
    idempotencyKey: input.idempotencyKey,
    fingerprintOf: request,
  });
  if (access.replay) return replayed(access.replay);
  return settleAuthorized(deps, {
    transaction: access.transaction as Transaction,
    operation,
    cents,
    by: operation,
    idempotency: { scope: access.idempotencyScope, request },
  });
}

export interface AuthorizedSettlement {
  /** Already read and known to belong to the caller (API token or admin session). */
  transaction: Transaction;
  operation: Settlement;
  /** A partial capture or refund; absent, the total (capture) or all that remains (refund). */
  cents?: number;
  /** Recorded in the history: the API operation, or `admin:<email>`. */
  by: string;
  idempotency?: { scope: string | undefined; request: unknown };
}

/** The settlement itself, for a caller that has already authenticated and loaded the transaction (the API, the admin UI). */
export function settleAuthorized(deps: GatewayDependencies, input: AuthorizedSettlement): Promise<GatewayResult> {
  return input.operation === 'capture' ? captureAuthorized(deps, input) : refundAuthorized(deps, input);
}

/**
 * Check the state machine on the transaction as read, ask the acquirer, then move the transaction with a write
 * conditional on that same state. Of many simultaneous requests exactly one moves it; the others get 409 with the
 * transaction as it now is. (Acquirers capture idempotently per authorization, so a losing request's call to the
 * acquirer changes nothing there either.)
 */
async function captureAuthorized(deps: GatewayDependencies, input: AuthorizedSettlement): Promise<GatewayResult> {
  const { transaction, cents } = input;
  const scope = input.idempotency?.scope;
  const request = input.idempotency?.request;
  assertAllowed('capture', transaction);
  assertCapturable(transaction, cents);

  const outcome = await deps.acquirer.capture({
    processor: cardProcessorOf(transaction),
    merchantId: transaction.merchantId,
    transactionId: transaction.id,
    amountCents: cents ?? transaction.totalCents,
    reference: transaction.acquirerReference as NonNullable<Transaction['acquirerReference']>,
  });
  const move = transition(transaction, { type: 'capture', outcome, cents, at: deps.now().toISOString(), by: input.by });
  const pending = { statusCode: 200, body: { transacao: toApiView(move.after) } };
  const moved = await deps.store.apply(move, idempotencyWrite(scope, request, pending));
  if (moved.moved) return { statusCode: 200, body: { transacao: toApiView(moved.transaction) } };
  if (scope && moved.current && moved.current.status === move.after.status) {
    return resultOfWinner(deps.store, scope, request).catch(() => conflict(moved.current));
  }
  return conflict(moved.current);
}

/** Another request moved the transaction between our read and our write: 409 with the transaction as it now is. */
export function conflict(current: Transaction | undefined): never {
  if (!current) throw new GatewayError('not_found');
  throw new GatewayError('transition_not_allowed', 'A transação mudou de status durante a operação', toApiView(current));
}
