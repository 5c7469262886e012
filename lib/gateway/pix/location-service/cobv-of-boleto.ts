import { formatAmount } from '../../domain/money';
import type { Transaction } from '../../domain/transaction';
import type { DueCharge } from '../location';
import { cobStatusOf } from './cob-of-transaction';

/** BCB's default for `validadeAposVencimento`, used when the boleto has no baixa automática. */
const DEFAULT_DAYS_AFTER_DUE = 30;

/** A boleto híbrido's Pix as the BCB API Pix `cobv`, for its location payload (cobvPayloadOf). */
export function cobvOfBoleto(transaction: Transaction): DueCharge {
  const { boleto, dueDate } = transaction;
  if (!boleto?.pix || !dueDate) throw new Error(`Transaction ${transaction.id} is not a boleto híbrido`);
  const charges = transaction.boletoCharges ?? {};
  return {
    txid: boleto.pix.txid,
    revisao: 0,
    criacao: transaction.createdAt,
    dataDeVencimento: dueDate,
    validadeAposVencimento: charges.diasBaixa ?? DEFAULT_DAYS_AFTER_DUE,
    status: cobStatusOf(transaction),
    valorOriginal: formatAmount(transaction.totalCents),
    chave: boleto.pix.key,
    devedor: { documento: transaction.buyer?.documento ?? '', nome: transaction.buyer?.nome ?? '' },
    ...(charges.multaBasisPoints ? { multaPercent: formatAmount(charges.multaBasisPoints) } : {}),
    ...(charges.jurosMonthlyBasisPoints ? { jurosMonthlyPercent: formatAmount(charges.jurosMonthlyBasisPoints) } : {}),
    ...(charges.desconto ? { desconto: { data: charges.desconto.until, valor: formatAmount(charges.desconto.cents) } } : {}),
  };
}
