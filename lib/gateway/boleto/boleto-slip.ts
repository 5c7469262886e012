import { formatAmount } from '../domain/money';
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

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Amounts as printed on slips: `1.234,56`. */
export function brazilianAmount(cents: number): string {
  const [units, decimals] = formatAmount(cents).split('.') as [string, string];
  return `${units.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}`;
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
    dueDate: brDate(transaction.dueDate),
    documentDate: brDate(transaction.createdAt.slice(0, 10)),
    documentNumber: transaction.orderNumber,
    ourNumber,
    barcode,
    line,
    formattedLine: formatLine(line),
    instructions: bank.instructions,
  };
}
