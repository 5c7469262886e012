import type { Transaction } from '../domain/transaction';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { acquirerRefundChannel } from './acquirer-refund-channel';
import type { RefundChannel } from './refund-channel';

/**
 * The channel of a transaction's refunds, by flow. Card and redirect: the acquirer. Pix (gw-pix adds the flow and
 * `deps.pixProvider`, a RefundChannel by its shape): `if (transaction.flow === 'pix') return deps.pixProvider;`.
 */
export function refundChannelOf(deps: Pick<GatewayDependencies, 'acquirer'>, _transaction: Transaction): RefundChannel {
  return acquirerRefundChannel(deps.acquirer);
}
