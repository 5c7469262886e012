import { formatAmount } from '../../domain/money';
import type { Transaction } from '../../domain/transaction';
import type { DueCharge } from '../location';
import { cobStatusOf } from './cob-of-transaction';

/** BCB's default for `validadeAposVencimento`, used when the boleto has no baixa automática. */
const DEFAULT_DAYS_AFTER_DUE = 30;

/** A boleto híbrido's Pix as the BCB API Pix `cobv`, for its location payload (cobvPayloadOf). */
export function cobvOfBoleto(transaction: Transaction): DueCharge {
  const { boleto } = transaction;
  if (!boleto?.pix) throw new Error(`Transaction ${transaction.id} is not a boleto híbrido`);
  return {
    txid: boleto.pix.txid,
    revisao: 0,
    criacao: transaction.createdAt,
    status: cobStatusOf(transaction),
    chave: boleto.pix.key,
    ...dueChargeTermsOf(transaction),
  };
}

/** The boleto's due date, amount, payer and charges as a `cobv`'s terms (the location's payload, a PSP's `PUT /cobv`). */
export function dueChargeTermsOf(
  transaction: Pick<Transaction, 'id' | 'dueDate' | 'boletoCharges' | 'totalCents' | 'buyer'>,
): Omit<DueCharge, 'txid' | 'revisao' | 'criacao' | 'status' | 'chave'> {
  const { dueDate } = transaction;
  if (!dueDate) throw new Error(`Transaction ${transaction.id} has no due date`);
  const charges = transaction.boletoCharges ?? {};
  return {
    dataDeVencimento: dueDate,
    validadeAposVencimento: charges.diasBaixa ?? DEFAULT_DAYS_AFTER_DUE,
    valorOriginal: formatAmount(transaction.totalCents),
    devedor: { documento: transaction.buyer?.documento ?? '', nome: transaction.buyer?.nome ?? '' },
    ...(charges.multaBasisPoints ? { multaPercent: formatAmount(charges.multaBasisPoints) } : {}),
    ...(charges.jurosMonthlyBasisPoints ? { jurosMonthlyPercent: formatAmount(charges.jurosMonthlyBasisPoints) } : {}),
    ...(charges.desconto ? { desconto: { data: charges.desconto.until, valor: formatAmount(charges.desconto.cents) } } : {}),
  };
}
