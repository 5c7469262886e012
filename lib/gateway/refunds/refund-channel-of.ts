import type { Transaction } from '../domain/transaction';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { acquirerRefundChannel } from './acquirer-refund-channel';
import type { RefundChannel } from './refund-channel';

/**
 * The channel of a transaction's refunds, by flow. Card and redirect: the acquirer. Pix: the stage's Pix provider (a
 * RefundChannel by its shape): the sandbox's, or a devolução at the merchant's PSP in production.
 */
export function refundChannelOf(
  deps: Pick<GatewayDependencies, 'acquirer' | 'pixProvider'>,
  transaction: Transaction,
): RefundChannel {
  if (transaction.flow === 'pix') return deps.pixProvider;
  return acquirerRefundChannel(deps.acquirer);
}
