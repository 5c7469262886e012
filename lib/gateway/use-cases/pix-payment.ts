import { type Transaction, toApiView } from '../domain/transaction';
import { transition } from '../domain/transition';
import { GatewayError } from '../errors';
import type { GatewayDependencies } from './dependencies';

/*
 * The contract's minimal version (s8 contract: gw-pix owns this file and its fuller version, which also expires an
 * overdue charge first): at merge, gw-pix's replaces this one.
 */

export interface PixPayment {
  /** End-to-end id of the Pix that paid the charge. */
  e2eid: string;
  /** ISO-8601: when the payer's bank settled it. */
  paidAt: string;
  /** Who reported it, for the history: sandbox, buyer (hosted page button), psp. */
  by: string;
}

/** A Pix charge paid: aguardando_pagamento → paga with its end-to-end id, once (the write is conditional on the status as read). */
export async function applyPixPayment(
  deps: Pick<GatewayDependencies, 'store' | 'now'>,
  transaction: Transaction,
  payment: PixPayment,
): Promise<Transaction> {
  const move = transition(transaction, {
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
