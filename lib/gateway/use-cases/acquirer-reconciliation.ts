import { AcquirerUnavailableError } from '../acquirers/acquirer';
import { type Transaction, toApiView } from '../domain/transaction';
import { cardProcessorOf, transition } from '../domain/transition';
import type { GatewayDependencies, GatewayResult } from './dependencies';

/** How long an order the acquirer has no sale for may still become one (a late authorization) before it is negada. */
export const PENDING_GRACE_MS = 2 * 60_000;

/**
 * The next consult of a transaction whose authorization the acquirer left unknown asks it by the order reference: the
 * sale it finds decides (paga, authorized, negada); none after PENDING_GRACE_MS means none was made (negada, lr 99);
 * an acquirer still unreachable leaves it pending (the consult answers it as it stands). One conditional write: of
 * parallel consults one moves it, the others read the result.
 */
export async function reconcileIfPending(deps: GatewayDependencies, transaction: Transaction): Promise<Transaction> {
  if (!transaction.acquirerPending || transaction.status !== 'aguardando_pagamento' || transaction.authorized) return transaction;
  const ask = deps.acquirer.findAuthorization;
  if (!ask) return transaction;
  const payment = { processor: cardProcessorOf(transaction), merchantId: transaction.merchantId, transactionId: transaction.id };
  let outcome: Awaited<ReturnType<typeof ask>>;
  try {
    outcome = await ask.call(deps.acquirer, payment);
  } catch (error) {
    if (error instanceof AcquirerUnavailableError) return transaction;
    throw error;
  }
  const now = deps.now();
  if (!outcome) {
    if (now.getTime() - Date.parse(transaction.updatedAt) < PENDING_GRACE_MS) return transaction;
    const reference = {
      tid: '',
      nsu: '',
      authorizationCode: null,
      returnCode: '99',
      returnMessage: 'Sem venda na adquirente',
      at: now.toISOString(),
    };
    outcome = { approved: false, reason: 'timeout', reference };
  }
  const moved = await deps.store.apply(
    transition(transaction, { type: 'reconcile', outcome, at: now.toISOString(), by: 'reconcile' }),
  );
  return moved.moved ? moved.transaction : (moved.current ?? transaction);
}

/** The 503 008 of an authorization left unknown, with the transaction as recorded (its id, to consult it). */
export function pendingAuthorizationResult(transaction: Transaction, message: string): GatewayResult {
  return { statusCode: 503, body: { transacao: { ...toApiView(transaction), erro: { codigo: '008', mensagem: message } } } };
}
