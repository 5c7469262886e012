import type { Transaction } from '../domain/transaction';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { acquirerRefundChannel } from './acquirer-refund-channel';
import type { RefundChannel } from './refund-channel';

/** The channel of a transaction's refunds, by flow: Pix through its provider (a devolução), every card flow the acquirer. */
export function refundChannelOf(
  deps: Pick<GatewayDependencies, 'acquirer' | 'pixProvider'>,
  transaction: Transaction,
): RefundChannel {
  if (transaction.flow === 'pix') return deps.pixProvider;
  return acquirerRefundChannel(deps.acquirer);
}
