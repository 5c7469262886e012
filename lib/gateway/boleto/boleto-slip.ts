import { brazilianAmount, brazilianDate } from '../domain/brazilian-format';
import type { Buyer, Transaction } from '../domain/transaction';
import { BOLETO_BANKS, type BoletoBank, type BoletoMethod, freeFieldOf } from './bank-registry';
import { buildBarcode, formatLine, lineFromBarcode } from './febraban-code';

/** Everything printed on a slip, computed from the transaction and its bank's registry entry. */
export interface BoletoSlip {
  bank: BoletoBank;
  beneficiary: string;
  payer: Buyer;
  amount: string;
  /** DD/MM/YYYY, as slips print dates. */
  dueDate: string;
  documentDate: string;
  documentNumber: string;
  ourNumber: string;
  barcode: string;
  line: string;
  formattedLine: string;
  instructions: string[];
}

export function boletoSlipOf(transaction: Transaction): BoletoSlip {
  const bank = BOLETO_BANKS[transaction.method as BoletoMethod];
  if (!bank || !transaction.dueDate) throw new Error(`Transaction ${transaction.id} is not a boleto`);
  // The transaction id is unique per stage, so it serves as the sequence of "nosso número".
  const { freeField, ourNumber } = freeFieldOf(bank, transaction.id);
  const barcode = buildBarcode({
    bankCode: bank.code,
    currency: '9',
    dueDate: transaction.dueDate,
    amountCents: transaction.totalCents,
    freeField,
  });
  const line = lineFromBarcode(barcode);
  return {
    bank,
    beneficiary: transaction.merchantName,
    payer: transaction.buyer ?? {},
    amount: brazilianAmount(transaction.totalCents),
    dueDate: brazilianDate(transaction.dueDate),
    documentDate: brazilianDate(transaction.createdAt.slice(0, 10)),
    documentNumber: transaction.orderNumber,
    ourNumber,
    barcode,
    line,
    formattedLine: formatLine(line),
    instructions: bank.instructions,
  };
}
