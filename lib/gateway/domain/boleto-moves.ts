import { GatewayError } from '../errors';
import type { BoletoPayment, RegisteredBoleto } from './boleto-record';
import type { Refund } from './refund';
import type { Status } from './state-machine';
import { type Transaction, toApiView } from './transaction';

/**
 * What the bank (a retorno occurrence, or the sandbox playing it) or the merchant (`estornar`) says about a registered
 * boleto. `key` names a retorno occurrence: one already applied is never applied again.
 */
export type BoletoOccurrence = (
  | { kind: 'registered' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'paid'; payment: BoletoPayment }
  | { kind: 'written_off' }
  | { kind: 'baixa_requested' }
) & { key?: string };

export interface BoletoChanges {
  status: Status;
  authorized: boolean;
  boleto: RegisteredBoleto;
  /** An explicit empty list on a write-off: a cancelada boleto was not refunded (domain/refund.ts reads legacy ones so). */
  refunds?: Refund[];
}

/**
 * The state a boleto occurrence leads to. Only a boleto awaiting payment changes status: paid (liquidação, a Pix of
 * the híbrido, the sandbox) → paga; rejected by the bank → negada; written off (baixa) → cancelada. A payment that
 * arrives when it is no longer awaiting one is kept as a duplicate for the admin, never a second status change.
 */
export function afterBoletoOccurrence(transaction: Transaction, occurrence: BoletoOccurrence, at: string): BoletoChanges {
  const boleto = transaction.boleto;
  if (!boleto) {
    throw new GatewayError(
      'transition_not_allowed',
      'Este boleto não é registrado: a loja não tem conexão com o banco',
      toApiView(transaction),
    );
  }
  const waiting = transaction.status === 'aguardando_pagamento';
  const occurrences = occurrence.key ? [...boleto.occurrences, occurrence.key] : boleto.occurrences;
  const same = { status: transaction.status, authorized: transaction.authorized };
  switch (occurrence.kind) {
    case 'registered':
      return { ...same, boleto: { ...boleto, registration: 'registrado', occurrences } };
    case 'rejected':
      return {
        status: waiting ? 'negada' : transaction.status,
        authorized: transaction.authorized,
        boleto: { ...boleto, registration: 'rejeitado', rejection: occurrence.reason, occurrences },
      };
    case 'paid':
      if (waiting) return { status: 'paga', authorized: true, boleto: { ...boleto, payment: occurrence.payment, occurrences } };
      return {
        ...same,
        boleto: { ...boleto, duplicatePayments: [...(boleto.duplicatePayments ?? []), occurrence.payment], occurrences },
      };
    case 'written_off':
      return {
        status: waiting ? 'cancelada' : transaction.status,
        authorized: transaction.authorized,
        boleto: { ...boleto, occurrences },
        refunds: transaction.refunds ?? [],
      };
    case 'baixa_requested':
      if (!waiting) {
        throw new GatewayError(
          'transition_not_allowed',
          'Só um boleto aguardando pagamento pode ser baixado',
          toApiView(transaction),
        );
      }
      if (boleto.baixaRequestedAt) {
        throw new GatewayError('transition_not_allowed', 'A baixa deste boleto já foi pedida ao banco', toApiView(transaction));
      }
      return { ...same, boleto: { ...boleto, baixaRequestedAt: at, occurrences } };
  }
}
