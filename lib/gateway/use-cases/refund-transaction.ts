import { setTimeout as sleep } from 'node:timers/promises';
import { applyBoletoOccurrence } from '../boleto/registration/apply-boleto-occurrence';
import { newRefundId, type Refund, type RefundStatus, remainingCents } from '../domain/refund';
import { type Transaction, toApiView } from '../domain/transaction';
import { type Transition, transition } from '../domain/transition';
import { GatewayError } from '../errors';
import { refundChannelOf } from '../refunds/refund-channel-of';
import type { IdempotencyWrite } from '../transactions/ports';
import type { GatewayDependencies, GatewayResult } from './dependencies';
import { idempotencyWrite, resultOfWinner } from './idempotent-result';

export interface AuthorizedRefund {
  /** Already read and known to belong to the caller (API token or admin session). */
  transaction: Transaction;
  /** Absent: all that remains. */
  cents?: number;
  /** Recorded with the refund: `refund` (the API) or `admin:<email>`. */
  by: string;
  idempotency?: { scope: string | undefined; request: unknown };
}

/** Conditional writes a refund may lose to parallel refunds of the same transaction before it answers 409. */
const MAX_ATTEMPTS = 60;
/** How long a refund refused for want of balance waits for refunds in flight to be answered (one may free its amount). */
const PENDING_WAIT_MS = 3000;
const PENDING_POLL_MS = 25;

/**
 * A refund in three steps, so that parallel refunds never give back more than was captured, at the channel either:
 * 1. reserve: the refund is appended `em_processamento` (its amount held) by a write conditional on the transaction's
 *    revision as read. A request that loses the race reads again and retries while what remains still allows it;
 *    one refused while other refunds are in flight waits for their answers (up to PENDING_WAIT_MS) and decides then;
 * 2. the channel (acquirer, Pix provider) gives back the refund's amount, once;
 * 3. its answer is recorded (`refund_settled`), with the events (transacao.estorno, transacao.cancelada at the total).
 * With an Idempotency-Key the reservation stores the pending response and step 3 replaces it with the final one.
 */
export async function refundAuthorized(deps: GatewayDependencies, input: AuthorizedRefund): Promise<GatewayResult> {
  if (input.transaction.boleto && input.transaction.status === 'aguardando_pagamento') return requestBaixa(deps, input);
  const reservation = await reserve(deps, input);
  if ('replay' in reservation) return reservation.replay;
  const { transaction, refund } = reservation;
  const idempotency = input.idempotency?.scope
    ? { scope: input.idempotency.scope, request: input.idempotency.request }
    : undefined;
  let answer: { status: RefundStatus; reference?: string };
  try {
    answer = await refundChannelOf(deps, transaction).refund({ transaction, refund });
  } catch (error) {
    // Not given back: the amount is freed, and a retry with the same key sees that rather than a pending refund.
    await recordAnswer(deps, transaction, refund, { status: 'nao_realizado' }, idempotency).catch(() => undefined);
    throw error;
  }
  const settled = await recordAnswer(deps, transaction, refund, answer, idempotency);
  return { statusCode: 200, body: { transacao: toApiView(settled) } };
}

/**
 * `estornar` on an unpaid registered boleto: nothing was paid to give back, so the bank is asked for a baixa (the
 * next remessa's instruction 02); it becomes cancelada when a retorno confirms it (occurrence 09). Whole only.
 */
async function requestBaixa(deps: GatewayDependencies, input: AuthorizedRefund): Promise<GatewayResult> {
  if (input.cents !== undefined) {
    throw new GatewayError(
      'transition_not_allowed',
      'Um boleto não pago é baixado inteiro: não informe valor',
      toApiView(input.transaction),
    );
  }
  const moved = await applyBoletoOccurrence(deps, input.transaction, { kind: 'baixa_requested' }, input.by);
  return { statusCode: 200, body: { transacao: toApiView(moved) } };
}

type Reservation = { transaction: Transaction; refund: Refund } | { replay: GatewayResult };

async function reserve(deps: GatewayDependencies, input: AuthorizedRefund): Promise<Reservation> {
  const scope = input.idempotency?.scope;
  const request = input.idempotency?.request;
  const id = newRefundId();
  const waitUntil = deps.now().getTime() + PENDING_WAIT_MS;
  let transaction = input.transaction;
  for (let attempt = 1; ; attempt++) {
    const at = deps.now().toISOString();
    let move: Transition;
    try {
      const refund: Refund = {
        id,
        cents: input.cents ?? remainingCents(transaction),
        status: 'em_processamento',
        createdAt: at,
        by: input.by,
      };
      move = transition(transaction, { type: 'refund', refund, at, by: input.by });
    } catch (refusal) {
      if (!hasPending(transaction) || deps.now().getTime() > waitUntil) throw refusal;
      await sleep(PENDING_POLL_MS);
      transaction = await reread(deps, transaction);
      continue;
    }
    const pending = { statusCode: 200, body: { transacao: toApiView(move.after) } };
    const result = await deps.store.apply(move, idempotencyWrite(scope, request, pending));
    if (result.moved) return { transaction: result.transaction, refund: ownRefund(result.transaction, id) };
    if (!result.current) throw new GatewayError('not_found');
    // The same Idempotency-Key won meanwhile: its response (the same request) or 009 (another one).
    if (scope && (await deps.store.getIdempotency(scope))) return { replay: await resultOfWinner(deps.store, scope, request) };
    if (attempt >= MAX_ATTEMPTS) {
      throw new GatewayError('transition_not_allowed', 'A transação mudou durante a operação', toApiView(result.current));
    }
    transaction = result.current;
  }
}

/** Step 3, retried on a fresh read when another refund moved the transaction meanwhile (ours is still pending there). */
async function recordAnswer(
  deps: GatewayDependencies,
  reserved: Transaction,
  refund: Refund,
  answer: { status: RefundStatus; reference?: string },
  idempotency: { scope: string; request: unknown } | undefined,
): Promise<Transaction> {
  let transaction = reserved;
  for (let attempt = 1; ; attempt++) {
    // Answered meanwhile by someone else (a PSP's callback): that answer stands.
    if (ownRefund(transaction, refund.id).status !== 'em_processamento') return transaction;
    const at = deps.now().toISOString();
    const move = transition(transaction, { type: 'refund_settled', refundId: refund.id, ...answer, at, by: refund.by });
    const final = { statusCode: 200, body: { transacao: toApiView(move.after) } };
    const write: IdempotencyWrite | undefined = idempotency && {
      ...(idempotencyWrite(idempotency.scope, idempotency.request, final) as IdempotencyWrite),
      replace: true,
    };
    const result = await deps.store.apply(move, write);
    if (result.moved) return result.transaction;
    if (!result.current) throw new GatewayError('not_found');
    if (attempt >= MAX_ATTEMPTS) throw new Error(`refund ${refund.id} of transaction ${reserved.id}: answer not recorded`);
    transaction = result.current;
  }
}

function ownRefund(transaction: Transaction, id: string): Refund {
  const refund = transaction.refunds?.find((candidate) => candidate.id === id);
  if (!refund) throw new Error(`refund ${id} missing from transaction ${transaction.id}`);
  return refund;
}

function hasPending(transaction: Transaction): boolean {
  return (transaction.refunds ?? []).some((refund) => refund.status === 'em_processamento');
}

async function reread(deps: GatewayDependencies, transaction: Transaction): Promise<Transaction> {
  const current = await deps.store.getOfMerchant(transaction.merchantId, transaction.id);
  if (!current) throw new GatewayError('not_found');
  return current;
}
