import type { AuthorizationOutcome, CardProcessor, SettlementOutcome } from '../acquirers/acquirer';
import { GatewayError } from '../errors';
import type { CardSummary } from './card';
import { detalhesFor } from './detalhes';
import { processorOf } from './payment-methods';
import type { PixCharge } from './pix-charge';
import { type Operation, REFUSAL_MESSAGES, refusalFor } from './state-machine';
import { type Transaction, toApiView } from './transaction';

/**
 * What can happen to a transaction, as data: each command carries what the acquirer (or the buyer) answered, when, and
 * who caused it (`by`, recorded in the history: create, capture, refund, buyer, admin:<email>).
 */
export type TransactionCommand = (
  | { type: 'authorize'; outcome: AuthorizationOutcome; card: CardSummary; operationType?: string }
  | { type: 'capture'; outcome: SettlementOutcome }
  | { type: 'refund'; outcome: SettlementOutcome }
  /** A Pix charge paid (simulated in sandbox, hosted page button, PSP callback): use-cases/pix-payment.ts. */
  | { type: 'pix_paid'; e2eid: string; paidAt: string }
  /** A Pix charge past its expiry, unpaid: negada (the expiry pass, or a consult that finds it overdue). */
  | { type: 'pix_expire' }
) & { at: string; by: string };

/** Something that happened to a transaction that its merchant is told of (a webhook, DESIGN §7.2). */
export interface TransactionEvent {
  /** `transacao.<status>`. */
  tipo: string;
  at: string;
  /** The transaction right after it happened (the event carries its API view). */
  transaction: Transaction;
}

/**
 * A transaction's move, decided without any I/O: the store writes `after` and `events` in one DynamoDB transaction,
 * conditional on the `guards` still holding what they held in `before` (a new transaction: on its id being free).
 */
export interface Transition {
  /** The transaction as read; absent for a new one. */
  before?: Transaction;
  after: Transaction;
  events: TransactionEvent[];
  /** Fields whose value in `before` the write is conditional on (who else moved it meanwhile loses). */
  guards: readonly (keyof Transaction)[];
}

/** The fields every move is conditional on: no two moves from one state both succeed. */
const STATE_GUARDS = ['status', 'authorized'] as const;

/** Which state-machine operation a command is (its refusals: state-machine.ts). */
const OPERATION: Record<TransactionCommand['type'], Operation> = {
  authorize: 'complete_payment',
  capture: 'capture',
  refund: 'refund',
  pix_paid: 'pix_settle',
  pix_expire: 'pix_settle',
};

/** Refuses (409) a command the transaction's state does not allow; callers check before asking the acquirer. */
export function assertAllowed(type: TransactionCommand['type'], transaction: Transaction): void {
  const refusal = refusalFor(OPERATION[type], transaction);
  if (refusal) throw new GatewayError('transition_not_allowed', REFUSAL_MESSAGES[refusal], toApiView(transaction));
}

/** A transaction's next state and the events of the move; throws the API's 409 when the command is not allowed. */
export function transition(transaction: Transaction, command: TransactionCommand): Transition {
  assertAllowed(command.type, transaction);
  return moved(transaction, changesOf(transaction, command), command);
}

/** A new transaction (its authorization already applied, for cards): its first status is an event too. */
export function opened(draft: Transaction, at: string): Transition {
  const after = { ...draft, history: [{ status: draft.status, at, by: 'create' }] };
  return { after, events: [statusEvent(after, at)], guards: [] };
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

export function cardProcessorOf(transaction: Pick<Transaction, 'method'>): CardProcessor {
  return processorOf(transaction.method) as CardProcessor;
}

type Changes = Pick<Transaction, 'status' | 'authorized'> &
  Partial<Pick<Transaction, 'detalhes' | 'acquirerReference' | 'card' | 'operationType' | 'pix'>>;

function changesOf(transaction: Transaction, command: TransactionCommand): Changes {
  switch (command.type) {
    case 'authorize': {
      // On bankA_shopline's page the buyer's choice of credit or debit sets the operation type.
      const operationType = command.operationType ?? transaction.operationType;
      const changes = afterAuthorization({ ...transaction, operationType }, command.outcome, command.card);
      return operationType !== transaction.operationType ? { ...changes, operationType } : changes;
    }
    case 'capture': {
      const { outcome } = command;
      const processor = cardProcessorOf(transaction);
      const detalhes = detalhesFor(processor, outcome.reference, transaction.card, transaction.operationType);
      return { status: outcome.ok ? 'paga' : 'negada', authorized: true, acquirerReference: outcome.reference, detalhes };
    }
    case 'refund':
      if (!command.outcome.ok) throw new GatewayError('transition_not_allowed', 'O adquirente recusou o estorno');
      return { status: 'cancelada', authorized: true };
    case 'pix_paid':
      return {
        status: 'paga',
        authorized: true,
        pix: { ...revised(transaction.pix), e2eid: command.e2eid, paidAt: command.paidAt },
      };
    case 'pix_expire':
      return { status: 'negada', authorized: false, pix: revised(transaction.pix) };
  }
}

/** Every change of a Pix charge is a new revision of its cob (BCB API Pix `revisao`). */
function revised(charge: PixCharge | undefined): PixCharge {
  if (!charge) throw new Error('A Pix transaction without its charge');
  return { ...charge, revision: charge.revision + 1 };
}

function moved(before: Transaction, changes: Changes, command: TransactionCommand): Transition {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const after: Transaction = {
    ...before,
    ...defined,
    history: [...before.history, { status: changes.status, at: command.at, by: command.by }],
    updatedAt: command.at,
  };
  // Only a new status is an event (an authorization that leaves the transaction aguardando_pagamento is not).
  const events = after.status !== before.status ? [statusEvent(after, command.at)] : [];
  return { before, after, events, guards: STATE_GUARDS };
}

function statusEvent(transaction: Transaction, at: string): TransactionEvent {
  return { tipo: `transacao.${transaction.status}`, at, transaction };
}
