import type { CardPayment } from '../acquirers/acquirer';
import { summariseCard } from '../domain/card';
import type { Transaction } from '../domain/transaction';
import { cardProcessorOf } from '../domain/transition';
import type { NewTransaction } from '../validation/new-transaction';

/** What the acquirer is asked to authorize for a transaction and the card the buyer gave. */
export function cardPayment(transaction: Transaction, card: NonNullable<NewTransaction['card']>): CardPayment {
  return {
    processor: cardProcessorOf(transaction),
    merchantId: transaction.merchantId,
    transactionId: transaction.id,
    amountCents: transaction.totalCents,
    card,
    installments: transaction.installments,
    operationType: transaction.operationType,
    capture: transaction.capture,
    ...(transaction.buyer?.nome ? { holder: transaction.buyer.nome } : {}),
  };
}

export { summariseCard };
