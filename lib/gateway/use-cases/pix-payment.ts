import { type Transaction, toApiView } from '../domain/transaction';
import { assertAllowed, transition } from '../domain/transition';
import { GatewayError } from '../errors';
import type { GatewayDependencies } from './dependencies';
import { expireIfOverdue } from './pix-expiry';

export interface PixPayment {
  /** End-to-end id of the Pix that paid the charge. */
  e2eid: string;
  /** ISO-8601: when the payer's bank settled it. */
  paidAt: string;
  /** Who reported it, for the history: sandbox, buyer (hosted page button), psp. */
  by: string;
}

/**
 * A Pix charge paid: aguardando_pagamento → paga with its end-to-end id, once, whatever the path (the sandbox's
 * simular_pagamento, the hosted page's button, the PSP's callback) and however many arrive at once: the write is
 * conditional on the status as read, the loser gets 409. A charge past its expiry when paid is expired instead
 * (negada) and refused.
 */
export async function applyPixPayment(
  deps: Pick<GatewayDependencies, 'store' | 'now'>,
  transaction: Transaction,
  payment: PixPayment,
): Promise<Transaction> {
  assertAllowed('pix_paid', transaction);
  const current = await expireIfOverdue(deps, transaction, new Date(payment.paidAt));
  if (current.status !== 'aguardando_pagamento') {
    throw new GatewayError('transition_not_allowed', 'A cobrança Pix expirou sem pagamento', toApiView(current));
  }
  const move = transition(current, {
    type: 'pix_paid',
    e2eid: payment.e2eid,
    paidAt: payment.paidAt,
    at: deps.now().toISOString(),
    by: payment.by,
  });
  const moved = await deps.store.apply(move);
  if (moved.moved) return moved.transaction;
  if (!moved.current) throw new GatewayError('not_found');
  throw new GatewayError('transition_not_allowed', 'A cobrança Pix mudou de status durante a operação', toApiView(moved.current));
}
