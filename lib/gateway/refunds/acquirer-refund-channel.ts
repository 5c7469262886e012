import type { Acquirer } from '../acquirers/acquirer';
import { refundsOf } from '../domain/refund';
import type { Transaction } from '../domain/transaction';
import { cardProcessorOf } from '../domain/transition';
import type { RefundChannel } from './refund-channel';

/** Card and redirect refunds: the acquirer reverses the refund's amount (a part or all of the capture) at once. */
export function acquirerRefundChannel(acquirer: Acquirer): RefundChannel {
  return {
    async refund({ transaction, refund }) {
      const outcome = await acquirer.refund({
        processor: cardProcessorOf(transaction),
        merchantId: transaction.merchantId,
        transactionId: transaction.id,
        amountCents: refund.cents,
        refundedBeforeCents: refundsOf(transaction)
          .filter((earlier) => earlier.id !== refund.id && earlier.status === 'concluido')
          .reduce((sum, earlier) => sum + earlier.cents, 0),
        reference: transaction.acquirerReference as NonNullable<Transaction['acquirerReference']>,
      });
      return { status: outcome.ok ? 'concluido' : 'nao_realizado' };
    },
  };
}
