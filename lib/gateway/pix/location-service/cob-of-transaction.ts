import { formatAmount } from '../../domain/money';
import type { Transaction } from '../../domain/transaction';
import type { PixCharge as CobCharge, CobStatus } from '../location';

/**
 * The BCB's `cob` status of a Pix transaction: ATIVA while it awaits payment, CONCLUIDA once paid (a later devolução
 * does not reopen it), REMOVIDA_PELO_PSP once it expired unpaid (the PSP, here the gateway, removed it).
 */
export function cobStatusOf(transaction: Pick<Transaction, 'status'>): CobStatus {
  switch (transaction.status) {
    case 'aguardando_pagamento':
      return 'ATIVA';
    case 'paga':
    case 'cancelada':
      return 'CONCLUIDA';
    case 'negada':
      return 'REMOVIDA_PELO_PSP';
  }
}

/** A Pix transaction's charge in the API Pix's words, for its location payload (cobPayloadOf). */
export function cobOf(transaction: Transaction & { pix: NonNullable<Transaction['pix']> }): CobCharge {
  const { pix } = transaction;
  return {
    txid: pix.txid,
    revisao: pix.revision,
    criacao: transaction.createdAt,
    expiracao: Math.max(1, Math.round((Date.parse(pix.expiresAt) - Date.parse(transaction.createdAt)) / 1000)),
    status: cobStatusOf(transaction),
    valorOriginal: formatAmount(transaction.totalCents),
    chave: pix.key,
  };
}
