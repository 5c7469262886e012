import type { AuthorizationOutcome, CardProcessor, SettlementOutcome } from '../acquirers/acquirer';
import { GatewayError } from '../errors';
import { afterBoletoOccurrence, type BoletoOccurrence } from './boleto-moves';
import type { CardSummary } from './card';
import { detalhesFor } from './detalhes';
import { formatAmount } from './money';
import { processorOf } from './payment-methods';
import type { PixCharge } from './pix-charge';
import { fullyRefunded, type Refund, type RefundStatus, refundsOf, remainingCents } from './refund';
import { type Operation, REFUSAL_MESSAGES, refusalFor } from './state-machine';
import { type Transaction, toApiView } from './transaction';

/**
 * What can happen to a transaction, as data: each command carries what the acquirer (or the buyer) answered, when, and
 * who caused it (`by`, recorded in the history: create, capture, refund, buyer, admin:<email>).
 */
export type TransactionCommand = (
  | { type: 'authorize'; outcome: AuthorizationOutcome; card: CardSummary; operationType?: string }
  /** A connected acquirer's answer, found by the order reference, about an authorization it had left unknown. */
  | { type: 'reconcile'; outcome: AuthorizationOutcome }
  /**
   * A hosted page sends the card to a connected acquirer: `pending` true marks the transaction as awaiting the
   * acquirer's answer before the call (one tab of many wins: the write is conditional on the revision), false releases
   * it when the acquirer refused to act. Unanswered, it stays pending and is reconciled.
   */
  | { type: 'authorization_attempt'; card: CardSummary; pending: boolean }
  /** `cents`: a partial capture (≤ the total); absent, the total. */
  | { type: 'capture'; outcome: SettlementOutcome; cents?: number }
  /**
   * A refund asked for: appended with its status (≤ what remains, else 409). `em_processamento` reserves its amount
   * before the channel is asked (use-cases/refund-transaction.ts); a final status is its outcome at once.
   */
  | { type: 'refund'; refund: Refund }
  /** The channel's (or the PSP's) answer about an `em_processamento` refund; `em_processamento` again only records `reference`. */
  | { type: 'refund_settled'; refundId: string; status: RefundStatus; reference?: string }
  /** A Pix charge paid (simulated in sandbox, hosted page button, PSP callback): use-cases/pix-payment.ts. */
  | { type: 'pix_paid'; e2eid: string; paidAt: string }
  /** A Pix charge past its expiry, unpaid: negada (the expiry pass, or a consult that finds it overdue). */
  | { type: 'pix_expire' }
  /** A registered boleto's registration, payment, rejection or write-off (retorno, sandbox, Pix), or a baixa asked for. */
  | { type: 'boleto'; occurrence: BoletoOccurrence }
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
/** Refund moves leave the status as it is: they are conditional on the revision as read (the refunds as read). */
const REFUND_GUARDS = [...STATE_GUARDS, 'revision'] as const;

/** Which state-machine operation a command is (its refusals: state-machine.ts). */
const OPERATION: Record<TransactionCommand['type'], Operation> = {
  authorize: 'complete_payment',
  reconcile: 'reconcile',
  authorization_attempt: 'complete_payment',
  capture: 'capture',
  refund: 'refund',
  pix_paid: 'pix_settle',
  pix_expire: 'pix_settle',
  refund_settled: 'refund',
  boleto: 'boleto_settle',
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
  Partial<
    Pick<
      Transaction,
      | 'detalhes'
      | 'acquirerReference'
      | 'card'
      | 'operationType'
      | 'pix'
      | 'capturedCents'
      | 'refunds'
      | 'boleto'
      | 'acquirerPending'
    >
  >;

function changesOf(transaction: Transaction, command: TransactionCommand): Changes {
  switch (command.type) {
    case 'authorize': {
      // On bankA_shopline's page the buyer's choice of credit or debit sets the operation type.
      const operationType = command.operationType ?? transaction.operationType;
      const decided = afterAuthorization({ ...transaction, operationType }, command.outcome, command.card);
      const changes = transaction.acquirerPending ? { ...decided, acquirerPending: false } : decided;
      return operationType !== transaction.operationType ? { ...changes, operationType } : changes;
    }
    case 'reconcile': {
      const card = transaction.card as CardSummary;
      return { ...afterAuthorization(transaction, command.outcome, card), acquirerPending: false };
    }
    case 'authorization_attempt':
      return { status: transaction.status, authorized: false, acquirerPending: command.pending, card: command.card };
    case 'capture': {
      const { outcome } = command;
      assertCapturable(transaction, command.cents);
      const processor = cardProcessorOf(transaction);
      const detalhes = detalhesFor(processor, outcome.reference, transaction.card, transaction.operationType);
      const captured = outcome.ok && command.cents !== undefined ? { capturedCents: command.cents } : {};
      return {
        status: outcome.ok ? 'paga' : 'negada',
        authorized: true,
        acquirerReference: outcome.reference,
        detalhes,
        ...captured,
      };
    }
    case 'refund':
      assertRefundable(transaction, command.refund.cents);
      return afterRefunds(transaction, [...refundsOf(transaction), command.refund]);
    case 'refund_settled':
      return afterRefunds(transaction, settled(transaction, command));
    case 'pix_paid':
      return {
        status: 'paga',
        authorized: true,
        pix: { ...revised(transaction.pix), e2eid: command.e2eid, paidAt: command.paidAt },
      };
    case 'pix_expire':
      return { status: 'negada', authorized: false, pix: revised(transaction.pix) };
    case 'boleto':
      return afterBoletoOccurrence(transaction, command.occurrence, command.at);
  }
}

/** A capture of `cents` (a partial capture) takes more than nothing and at most the total. */
export function assertCapturable(transaction: Transaction, cents: number | undefined): void {
  if (cents === undefined || (Number.isInteger(cents) && cents > 0 && cents <= transaction.totalCents)) return;
  const total = formatAmount(transaction.totalCents);
  throw new GatewayError('transition_not_allowed', `valor maior que o total da transação (${total})`, toApiView(transaction));
}

/** A refund takes more than nothing and at most what remains (captured minus refunds that hold their amount): else 409. */
export function assertRefundable(transaction: Transaction, cents: number): void {
  assertAllowed('refund', transaction);
  const remaining = remainingCents(transaction);
  if (Number.isInteger(cents) && cents > 0 && cents <= remaining) return;
  const message =
    remaining === 0
      ? 'Não há saldo a estornar: estornos concluídos ou em processamento já somam o valor capturado'
      : `valor maior que o saldo a estornar (${formatAmount(remaining)})`;
  throw new GatewayError('transition_not_allowed', message, toApiView(transaction));
}

/** The refunds with one em_processamento refund answered; a refund already answered, or unknown, is a 409. */
function settled(transaction: Transaction, command: Extract<TransactionCommand, { type: 'refund_settled' }>): Refund[] {
  const refunds = refundsOf(transaction);
  const pending = refunds.find((refund) => refund.id === command.refundId);
  if (!pending) throw new GatewayError('not_found', `Estorno ${command.refundId} não encontrado`);
  if (pending.status !== 'em_processamento') {
    throw new GatewayError('transition_not_allowed', `O estorno ${pending.id} já está ${pending.status}`, toApiView(transaction));
  }
  const answered: Refund = { ...pending, status: command.status, ...(command.reference ? { reference: command.reference } : {}) };
  return refunds.map((refund) => (refund === pending ? answered : refund));
}

/** Refunds done reaching what was captured cancel the transaction; below it, it stays paga. */
function afterRefunds(transaction: Transaction, refunds: Refund[]): Changes {
  const status = fullyRefunded({ ...transaction, refunds }) ? 'cancelada' : transaction.status;
  return { status, authorized: transaction.authorized, refunds };
}

/** Every change of a Pix charge is a new revision of its cob (BCB API Pix `revisao`). */
function revised(charge: PixCharge | undefined): PixCharge {
  if (!charge) throw new Error('A Pix transaction without its charge');
  return { ...charge, revision: charge.revision + 1 };
}

function moved(before: Transaction, changes: Changes, command: TransactionCommand): Transition {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  // Refunds, authorization attempts and boleto occurrences that keep the status (registered, a duplicate payment) are
  // conditional on the revision, with no history line unless the status changes.
  const isRefund = command.type === 'refund' || command.type === 'refund_settled' || command.type === 'authorization_attempt';
  const revisionGuarded = isRefund || command.type === 'boleto';
  const newStatus = changes.status !== before.status;
  // Refunds and boleto occurrences have their own record: the history records them only when they change the status.
  const change = !revisionGuarded || newStatus ? [{ status: changes.status, at: command.at, by: command.by }] : [];
  const after: Transaction = {
    ...before,
    ...defined,
    history: [...before.history, ...change],
    revision: (before.revision ?? 0) + 1,
    updatedAt: command.at,
  };
  // Only a new status is an event (an authorization that leaves the transaction aguardando_pagamento is not); a refund
  // is one when its outcome is known (concluido or nao_realizado), before the cancellation it may cause.
  const events = [
    ...(answeredRefund(before, after) ? [{ tipo: 'transacao.estorno', at: command.at, transaction: after }] : []),
    ...(newStatus ? [statusEvent(after, command.at)] : []),
  ];
  return { before, after, events, guards: revisionGuarded ? REFUND_GUARDS : STATE_GUARDS };
}

/** Whether the move gave a refund its outcome: a new refund with a final status, or a pending one answered. */
function answeredRefund(before: Transaction, after: Transaction): boolean {
  const was = new Map(refundsOf(before).map((refund) => [refund.id, refund.status]));
  return refundsOf(after).some((refund) => refund.status !== 'em_processamento' && was.get(refund.id) !== refund.status);
}

function statusEvent(transaction: Transaction, at: string): TransactionEvent {
  return { tipo: `transacao.${transaction.status}`, at, transaction };
}
