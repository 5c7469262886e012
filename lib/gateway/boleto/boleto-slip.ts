import type { BoletoCharges, RegisteredBoleto } from '../domain/boleto-record';
import { brazilianAmount, brazilianDate } from '../domain/brazilian-format';
import type { Buyer, Transaction } from '../domain/transaction';
import { bankLayoutOf } from './bank-connection/bank-layouts';
import { BOLETO_BANKS, type BoletoBank, type BoletoMethod, freeFieldOf } from './bank-registry';
import { buildBarcode, formatLine, lineFromBarcode } from './febraban-code';

/** Everything printed on a slip, computed from the transaction and its bank (its connection, or the registry entry). */
export interface BoletoSlip {
  bank: Pick<BoletoBank, 'code' | 'digit' | 'name' | 'agency' | 'account' | 'wallet' | 'placeOfPayment'>;
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
  /** The boleto híbrido's Pix BR Code, printed as a QR code beside the barcode. */
  brCode?: string;
}

const REGISTERED_PLACE = 'Pagável em qualquer banco ou, com o QR code Pix, em qualquer app de banco';
const PLAIN_PLACE = 'Pagável em qualquer banco até o vencimento';

export function boletoSlipOf(transaction: Transaction): BoletoSlip {
  const registryBank = BOLETO_BANKS[transaction.method as BoletoMethod];
  if (!registryBank || !transaction.dueDate) throw new Error(`Transaction ${transaction.id} is not a boleto`);
  const charges = chargeInstructions(transaction.boletoCharges ?? {});
  const numbers = transaction.boleto
    ? registeredNumbers(transaction.boleto)
    : { ...unregisteredNumbers(registryBank, transaction), bank: registryBank, instructions: registryBank.instructions };
  return {
    bank: numbers.bank,
    beneficiary: transaction.merchantName,
    payer: transaction.buyer ?? {},
    amount: brazilianAmount(transaction.totalCents),
    dueDate: brazilianDate(transaction.dueDate),
    documentDate: brazilianDate(transaction.createdAt.slice(0, 10)),
    documentNumber: transaction.orderNumber,
    ourNumber: numbers.ourNumber,
    barcode: numbers.barcode,
    line: numbers.line,
    formattedLine: formatLine(numbers.line),
    instructions: [...charges, ...numbers.instructions],
    ...(transaction.boleto?.brCode ? { brCode: transaction.boleto.brCode } : {}),
  };
}

/** An unregistered boleto (no bank connection): the registry's agreement, the transaction id as the sequence. */
function unregisteredNumbers(bank: BoletoBank, transaction: Transaction) {
  const { freeField, ourNumber } = freeFieldOf(bank, transaction.id);
  const barcode = buildBarcode({
    bankCode: bank.code,
    currency: '9',
    dueDate: transaction.dueDate as string,
    amountCents: transaction.totalCents,
    freeField,
  });
  return { ourNumber, barcode, line: lineFromBarcode(barcode) };
}

/** A registered boleto prints the numbers it was registered with, and says so until the bank confirms it. */
function registeredNumbers(boleto: RegisteredBoleto) {
  const layout = bankLayoutOf(boleto.bank.code);
  const placeOfPayment = boleto.brCode ? REGISTERED_PLACE : PLAIN_PLACE;
  const status =
    boleto.registration === 'registrado'
      ? []
      : boleto.registration === 'pendente'
        ? ['Boleto ainda não registrado no banco: pague depois que o registro for confirmado.']
        : ['Boleto recusado pelo banco: não pague; peça outro ao beneficiário.'];
  return {
    bank: {
      code: boleto.bank.code,
      digit: layout.digit,
      name: layout.name,
      agency: boleto.bank.agencia,
      account: boleto.bank.conta,
      wallet: boleto.bank.carteira,
      placeOfPayment,
    },
    ourNumber: boleto.ourNumberPrinted,
    barcode: boleto.barcode,
    line: boleto.line,
    instructions: status,
  };
}

const percent = (basisPoints: number) => brazilianAmount(basisPoints);

function chargeInstructions(charges: BoletoCharges): string[] {
  const lines: string[] = [];
  if (charges.desconto) {
    lines.push(
      `Desconto de R$ ${brazilianAmount(charges.desconto.cents)} para pagamento até ${brazilianDate(charges.desconto.until)}.`,
    );
  }
  if (charges.multaBasisPoints) lines.push(`Após o vencimento, multa de ${percent(charges.multaBasisPoints)}%.`);
  if (charges.jurosMonthlyBasisPoints) {
    lines.push(`Após o vencimento, juros de mora de ${percent(charges.jurosMonthlyBasisPoints)}% ao mês.`);
  }
  if (charges.diasBaixa) lines.push(`Não receber após ${charges.diasBaixa} dias do vencimento.`);
  return lines;
}
