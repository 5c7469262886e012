/**
 * The bank slip's numbers per FEBRABAN: the 44-digit barcode and the 47-digit linha digitável.
 *
 * Barcode: bank (3) · currency (1, 9 = real) · general check digit (1, mod 11) · due-date factor (4)
 * · amount in cents (10) · campo livre (25, the bank's own layout).
 * Line: three fields of the barcode's digits, each closed by a mod 10 digit, then the general check
 * digit, then factor and amount.
 */

import { BOLETO_MAX_CENTS } from '../domain/boleto-record';

export interface SlipCode {
  bankCode: string;
  currency: string;
  /** ISO date (YYYY-MM-DD). */
  dueDate: string;
  amountCents: number;
  freeField: string;
}

const DAY_MS = 86_400_000;
/** Factor 0 was 1997-10-07; factor 9999 was reached on 2025-02-21, and the factor restarted at 1000 on 2025-02-22. */
const FIRST_BASE = Date.UTC(1997, 9, 7);
const RESET_DATE = Date.UTC(2025, 1, 22);
/** Factors run 1000..9999, so each cycle after the reset lasts 9000 days. */
const CYCLE_DAYS = 9000;

export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general digit: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

export function dueDateFactor(isoDate: string): number {
  const day = Date.parse(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day)) throw new RangeError(`Not a date: ${isoDate}`);
  if (day < RESET_DATE) {
    const factor = Math.round((day - FIRST_BASE) / DAY_MS);
    if (factor < 1000) throw new RangeError(`No due-date factor before 2000-07-03: ${isoDate}`);
    return factor;
  }
  return 1000 + (Math.round((day - RESET_DATE) / DAY_MS) % CYCLE_DAYS);
}

/**
 * A factor names one day per cycle: the decoder picks the cycle whose day is closest to `near`
 * (today, when reading a slip), as FEBRABAN tells banks to do.
 */
export function dateOfFactor(factor: number, near: Date): string {
  if (!Number.isInteger(factor) || factor < 1000 || factor > 9999) throw new RangeError(`Bad due-date factor: ${factor}`);
  const candidates = [FIRST_BASE + factor * DAY_MS];
  for (let cycle = 0; cycle < 20; cycle++) candidates.push(RESET_DATE + (cycle * CYCLE_DAYS + factor - 1000) * DAY_MS);
  const distance = (time: number) => Math.abs(time - near.getTime());
  const best = candidates.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  return new Date(best).toISOString().slice(0, 10);
}

export function buildBarcode(code: SlipCode): string {
  if (!/^\d{3}$/.test(code.bankCode) || !/^\d$/.test(code.currency)) throw new RangeError('Bank code has 3 digits, currency 1');
  if (!/^\d{25}$/.test(code.freeField)) throw new RangeError('The campo livre has 25 digits');
  if (!Number.isInteger(code.amountCents) || code.amountCents < 0 || code.amountCents > BOLETO_MAX_CENTS) {
    throw new RangeError('The amount does not fit 10 digits of cents');
  }
  const factor = String(dueDateFactor(code.dueDate)).padStart(4, '0');
  const amount = String(code.amountCents).padStart(10, '0');
  const withoutDigit = `${code.bankCode}${code.currency}${factor}${amount}${code.freeField}`;
  return `${withoutDigit.slice(0, 4)}${mod11(withoutDigit)}${withoutDigit.slice(4)}`;
}

export function isValidBarcode(barcode: string): boolean {
  return /^\d{44}$/.test(barcode) && Number(barcode[4]) === mod11(barcode.slice(0, 4) + barcode.slice(5));
}

/** The 47 digits a payer types: fields 1-3 with their mod 10 digits, the general digit, factor and amount. */
export function lineFromBarcode(barcode: string): string {
  if (!isValidBarcode(barcode)) throw new RangeError('Not a valid 44-digit barcode');
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** Back from the line (spaces and dots allowed) to the barcode, checking every digit on the way. */
export function barcodeFromLine(line: string): string {
  const digits = line.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(digits)) throw new RangeError('A linha digitável has 47 digits');
  const fields = [digits.slice(0, 10), digits.slice(10, 21), digits.slice(21, 32)];
  fields.forEach((field, index) => {
    if (mod10(field.slice(0, -1)) !== Number(field.at(-1))) throw new RangeError(`Field ${index + 1}: wrong check digit`);
  });
  const [f1, f2, f3] = fields.map((field) => field.slice(0, -1)) as [string, string, string];
  const barcode = `${f1.slice(0, 4)}${digits[32]}${digits.slice(33, 47)}${f1.slice(4)}${f2}${f3}`;
  if (!isValidBarcode(barcode)) throw new RangeError('Wrong general check digit');
  return barcode;
}

/** What a barcode says; the due date is read relative to `near` (see dateOfFactor). */
export function decodeBarcode(barcode: string, near: Date): SlipCode {
  if (!isValidBarcode(barcode)) throw new RangeError('Not a valid 44-digit barcode');
  return {
    bankCode: barcode.slice(0, 3),
    currency: barcode[3] as string,
    dueDate: dateOfFactor(Number(barcode.slice(5, 9)), near),
    amountCents: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19),
  };
}

/** `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`, as printed on slips. */
export function formatLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}
