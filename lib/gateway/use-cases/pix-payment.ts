import { type Transaction, toApiView } from '../domain/transaction';
import { assertAllowed, transition } from '../domain/transition';
import { GatewayError } from '../errors';
import type { GatewayDependencies } from './dependencies';

/**
 * Minimal stand-in, as the shared contract (issue 22 step 2) says, until gw-pix's version lands: gw-pix owns this
 * file and its version (which also expires an overdue charge first) replaces this one at merge.
 */
export interface PixPayment {
  e2eid: string;
  paidAt: string;
  by: string;
}

/** A Pix charge paid: aguardando_pagamento → paga, once (the write is conditional; the loser gets 409). */
export async function applyPixPayment(
  deps: Pick<GatewayDependencies, 'store' | 'now'>,
  transaction: Transaction,
  payment: PixPayment,
): Promise<Transaction> {
  assertAllowed('pix_paid', transaction);
  const moved = await deps.store.apply(
    transition(transaction, {
      type: 'pix_paid',
      e2eid: payment.e2eid,
      paidAt: payment.paidAt,
      at: deps.now().toISOString(),
      by: payment.by,
    }),
  );
  if (moved.moved) return moved.transaction;
  if (!moved.current) throw new GatewayError('not_found');
  throw new GatewayError('transition_not_allowed', 'A cobrança Pix mudou de status durante a operação', toApiView(moved.current));
}
