import type { RegisteredBoleto } from '../../domain/boleto-record';
import { bankLayoutOf } from '../bank-connection/bank-layouts';
import type { BoletoBankSettings } from '../bank-connection/boleto-bank-settings';
import { buildBarcode, lineFromBarcode } from '../febraban-code';

/**
 * A new boleto of a connected merchant: its nosso número, barcode and linha digitável from the bank's convênio and
 * carteira (the transaction id, unique per stage, is the nosso número's sequence), `pendente` until a retorno says
 * the bank registered it.
 */
export function registeredBoletoOf(
  transaction: { id: number; dueDate: string; totalCents: number },
  settings: BoletoBankSettings,
): RegisteredBoleto {
  const bank = {
    code: settings.code,
    agencia: settings.agencia,
    conta: settings.conta,
    convenio: settings.convenio,
    carteira: settings.carteira,
  };
  const numbers = bankLayoutOf(bank.code).numbers(bank, transaction.id);
  const barcode = buildBarcode({
    bankCode: bank.code,
    currency: '9',
    dueDate: transaction.dueDate,
    amountCents: transaction.totalCents,
    freeField: numbers.freeField,
  });
  return {
    bank,
    ourNumber: numbers.ourNumber,
    ourNumberPrinted: numbers.ourNumberPrinted,
    barcode,
    line: lineFromBarcode(barcode),
    registration: 'pendente',
    occurrences: [],
  };
}
