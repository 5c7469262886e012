/** Transaction statuses of the spec, and the only moves between them. */
export const STATUSES = ['aguardando_pagamento', 'paga', 'negada', 'cancelada'] as const;
export type Status = (typeof STATUSES)[number];

/** What can happen to an existing transaction. */
export type Operation = 'capture' | 'refund' | 'complete_payment' | 'pix_settle' | 'boleto_settle' | 'reconcile';

/** Why an operation is refused in the transaction's current state (the API answers 409). */
export type Refusal =
  | 'already_final'
  | 'not_authorized'
  | 'boleto'
  | 'not_paid'
  | 'not_redirect'
  | 'already_authorized'
  | 'not_pix'
  | 'not_boleto'
  | 'not_pending';

export interface TransitionFacts {
  status: Status;
  flow: 'card' | 'redirect' | 'boleto' | 'pix';
  /** The acquirer authorized the payment but it was not captured yet (capturar=false). */
  authorized: boolean;
  /** An authorization whose outcome the acquirer has not told yet (a connected acquirer that did not answer). */
  acquirerPending?: boolean;
}

/**
 * The spec's transition table plus estornar (paga → cancelada):
 * - capture: aguardando_pagamento with an authorization → paga | negada;
 * - complete_payment (buyer on the hosted page): aguardando_pagamento, redirect, not yet authorized;
 * - refund: paga → cancelada;
 * - pix_settle (a Pix charge paid, or expired unpaid): aguardando_pagamento, Pix only.
 * - boleto_settle (a registered boleto's occurrence: domain/boleto-moves.ts decides): boletos only.
 * An unregistered boleto (no bank connection) stays aguardando_pagamento for ever.
 */
export function refusalFor(operation: Operation, facts: TransitionFacts): Refusal | undefined {
  if (facts.flow === 'boleto') return operation === 'boleto_settle' ? undefined : 'boleto';
  if (operation === 'boleto_settle') return 'not_boleto';
  // reconcile: the acquirer's late answer about an authorization it left unknown (a card or redirect, still pending).
  if (operation === 'reconcile') {
    return facts.status === 'aguardando_pagamento' && !facts.authorized && facts.acquirerPending ? undefined : 'not_pending';
  }
  if (operation === 'refund') return facts.status === 'paga' ? undefined : 'not_paid';
  if (operation === 'pix_settle') {
    if (facts.flow !== 'pix') return 'not_pix';
    return facts.status === 'aguardando_pagamento' ? undefined : 'already_final';
  }
  if (facts.status !== 'aguardando_pagamento') return 'already_final';
  if (operation === 'capture') return facts.authorized ? undefined : 'not_authorized';
  if (facts.flow !== 'redirect') return 'not_redirect';
  return facts.authorized ? 'already_authorized' : undefined;
}

export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  already_final: 'A transação não está aguardando pagamento',
  not_authorized: 'Não há pagamento autorizado a capturar: o comprador ainda não pagou',
  boleto: 'Transações de boleto ficam aguardando pagamento; o pagamento é conferido com o banco',
  not_paid: 'Só uma transação paga pode ser estornada',
  not_redirect: 'Esta transação não é paga em página hospedada',
  already_authorized: 'O pagamento desta transação já foi autorizado',
  not_pix: 'Esta transação não é uma cobrança Pix',
  not_boleto: 'Esta transação não é um boleto',
  not_pending: 'Esta transação não espera resposta da adquirente',
};
