import registry from '../../../config/boleto-banks.json';
import type { PaymentMethod } from '../domain/payment-methods';
import { mod10 } from './febraban-code';

/** The campo livre (25 digits) is each bank's to define; these are the two layouts the registry's banks use. */
export type FreeFieldLayout = 'wallet3-ourNumber8-agency4-account5' | 'agency4-wallet2-ourNumber11-account7';

/** One entry per boleto method (config/boleto-banks.json): who issues the slip and under which agreement. */
export interface BoletoBank {
  code: string;
  /** The bank code's check digit, printed as `341-7`. */
  digit: string;
  name: string;
  layout: FreeFieldLayout;
  agency: string;
  account: string;
  wallet: string;
  placeOfPayment: string;
  instructions: string[];
}

export type BoletoMethod = Extract<PaymentMethod, 'boleto_bankA' | 'boleto_bankB'>;

const SHAPES: Record<FreeFieldLayout, { agency: number; account: number; wallet: number }> = {
  'wallet3-ourNumber8-agency4-account5': { agency: 4, account: 5, wallet: 3 },
  'agency4-wallet2-ourNumber11-account7': { agency: 4, account: 7, wallet: 2 },
};

/** The registry, checked once when the module loads: a malformed entry fails loudly, not on a buyer's slip. */
export const BOLETO_BANKS: Record<BoletoMethod, BoletoBank> = (() => {
  const banks = registry as Record<BoletoMethod, BoletoBank>;
  for (const [method, bank] of Object.entries(banks)) {
    const shape = SHAPES[bank.layout];
    const ok =
      shape &&
      /^\d{3}$/.test(bank.code) &&
      /^\d$/.test(bank.digit) &&
      new RegExp(`^\\d{${shape.agency}}$`).test(bank.agency) &&
      new RegExp(`^\\d{${shape.account}}$`).test(bank.account) &&
      new RegExp(`^\\d{${shape.wallet}}$`).test(bank.wallet);
    if (!ok) throw new Error(`config/boleto-banks.json: entry ${method} is malformed`);
  }
  return banks;
})();

/** The bank's own number for the slip ("nosso número"), as the campo livre carries it and as it is printed. */
export function freeFieldOf(
  bank: Pick<BoletoBank, 'layout' | 'agency' | 'account' | 'wallet'>,
  sequence: number,
): { freeField: string; ourNumber: string } {
  if (bank.layout === 'wallet3-ourNumber8-agency4-account5') {
    const ourNumber = String(sequence % 1e8).padStart(8, '0');
    const ourNumberDigit = mod10(`${bank.agency}${bank.account}${bank.wallet}${ourNumber}`);
    const accountDigit = mod10(`${bank.agency}${bank.account}`);
    return {
      freeField: `${bank.wallet}${ourNumber}${ourNumberDigit}${bank.agency}${bank.account}${accountDigit}000`,
      ourNumber: `${bank.wallet}/${ourNumber}-${ourNumberDigit}`,
    };
  }
  const ourNumber = String(sequence % 1e11).padStart(11, '0');
  return { freeField: `${bank.agency}${bank.wallet}${ourNumber}${bank.account}0`, ourNumber: `${bank.wallet}/${ourNumber}` };
}

export function isBoletoMethod(value: string): value is BoletoMethod {
  return value === 'boleto_bankA' || value === 'boleto_bankB';
}
