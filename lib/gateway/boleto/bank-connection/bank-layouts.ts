import type { BoletoBankAccount } from '../../domain/boleto-record';
import { type FreeFieldLayout, freeFieldOf } from '../bank-registry';

/** A boleto's numbers at its bank: the barcode's campo livre and the nosso número (remessa digits and as printed). */
export interface BankNumbers {
  freeField: string;
  ourNumber: string;
  ourNumberPrinted: string;
}

/** Each bank's convênio and carteira rules: what `boleto-bank set` checks and how a sequence becomes a nosso número. */
export interface BankLayout {
  name: string;
  /** The bank code's check digit, printed as `341-7`. */
  digit: string;
  /** Why the account cannot be used with this bank, or undefined. */
  check(account: BoletoBankAccount): string | undefined;
  numbers(account: BoletoBankAccount, sequence: number): BankNumbers;
}

/** `1234` or `1234-5`; `123456-7`: the number without its check digit, and the digit (may be absent). */
export function splitDigit(value: string): { number: string; digit: string } {
  const [number = '', digit = ''] = value.split('-');
  return { number, digit };
}

const AGENCIA = /^\d{4}(-[\dXx])?$/;
const CONTA = /^\d{1,12}(-[\dXx])?$/;

function checkAccount(account: BoletoBankAccount, conta: number, carteira: RegExp, carteiraText: string): string | undefined {
  if (!AGENCIA.test(account.agencia)) return '"agencia" must be 4 digits, optionally followed by -<digit>';
  if (!CONTA.test(account.conta) || splitDigit(account.conta).number.length > conta) {
    return `"conta" must be at most ${conta} digits, optionally followed by -<digit>`;
  }
  if (!carteira.test(account.carteira)) return `"carteira" must be ${carteiraText}`;
  if (!/^\d{1,20}$/.test(account.convenio)) return '"convenio" must be 1-20 digits';
  return undefined;
}

/** Banks whose campo livre is one of the registry's layouts (agency, account and wallet in fixed places). */
function registryLayout(name: string, digit: string, layout: FreeFieldLayout, conta: number, wallet: number): BankLayout {
  return {
    name,
    digit,
    check: (account) => checkAccount(account, conta, new RegExp(`^\\d{${wallet}}$`), `${wallet} digits`),
    numbers(account, sequence) {
      const { freeField, ourNumber } = freeFieldOf(
        {
          layout,
          agency: splitDigit(account.agencia).number,
          account: splitDigit(account.conta).number.padStart(conta, '0'),
          wallet: account.carteira,
        },
        sequence,
      );
      return { freeField, ourNumber: ourNumber.replace(/\D/g, ''), ourNumberPrinted: ourNumber };
    },
  };
}

/**
 * The banks whose nosso número this gateway can build. Banco do Brasil's convênio of 7 digits: campo livre
 * `000000` · nosso número (convênio 7 + sequence 10) · carteira 2.
 */
export const BANK_LAYOUTS = {
  '001': {
    name: 'Banco do Brasil',
    digit: '9',
    check(account) {
      const problem = checkAccount(account, 12, /^\d{2}$/, '2 digits (e.g. 17)');
      if (problem) return problem;
      return /^\d{7}$/.test(account.convenio) ? undefined : '"convenio" must be the 7-digit convênio for bank 001';
    },
    numbers(account, sequence) {
      const ourNumber = `${account.convenio}${String(sequence % 1e10).padStart(10, '0')}`;
      return { freeField: `000000${ourNumber}${account.carteira}`, ourNumber, ourNumberPrinted: ourNumber };
    },
  },
  '237': registryLayout('Bradesco', '2', 'agency4-wallet2-ourNumber11-account7', 7, 2),
  '341': registryLayout('Itaú', '7', 'wallet3-ourNumber8-agency4-account5', 5, 3),
} satisfies Record<string, BankLayout>;

export type SupportedBankCode = keyof typeof BANK_LAYOUTS;

export function bankLayoutOf(code: string): BankLayout {
  const layout = (BANK_LAYOUTS as Record<string, BankLayout>)[code];
  if (!layout) throw new RangeError(`No boleto layout for bank ${code}`);
  return layout;
}
