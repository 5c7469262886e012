import type { AuthorizationOutcome, CardPayment, CardProcessor, SettlementOutcome } from '../acquirers/acquirer';
import { type CardSummary, summariseCard } from '../domain/card';
import { detalhesFor } from '../domain/detalhes';
import { processorOf } from '../domain/payment-methods';
import type { Transaction } from '../domain/transaction';
import type { TransitionRequest } from '../transactions/ports';
import type { NewTransaction } from '../validation/new-transaction';

type Changes = TransitionRequest['changes'];

export function cardProcessorOf(transaction: Pick<Transaction, 'method'>): CardProcessor {
  return processorOf(transaction.method) as CardProcessor;
}

export function cardPayment(transaction: Transaction, card: NonNullable<NewTransaction['card']>): CardPayment {
  return {
    processor: cardProcessorOf(transaction),
    transactionId: transaction.id,
    amountCents: transaction.totalCents,
    card,
    installments: transaction.installments,
    operationType: transaction.operationType,
    capture: transaction.capture,
  };
}

/** An authorization's result as a state: paid, authorized only (capturar=false), or denied. */
export function afterAuthorization(transaction: Transaction, outcome: AuthorizationOutcome, card: CardSummary): Changes {
  const detalhes = detalhesFor(cardProcessorOf(transaction), outcome.reference, card, transaction.operationType);
  if (!outcome.approved) return { status: 'negada', authorized: false, acquirerReference: outcome.reference, detalhes, card };
  return {
    status: outcome.captured ? 'paga' : 'aguardando_pagamento',
    authorized: true,
    acquirerReference: outcome.reference,
    detalhes,
    card,
  };
}

/** A capture's result: paid, or denied when the acquirer refuses to settle. */
export function afterCapture(transaction: Transaction, outcome: SettlementOutcome): Changes {
  const detalhes = detalhesFor(cardProcessorOf(transaction), outcome.reference, transaction.card, transaction.operationType);
  return { status: outcome.ok ? 'paga' : 'negada', authorized: true, acquirerReference: outcome.reference, detalhes };
}

export { summariseCard };
