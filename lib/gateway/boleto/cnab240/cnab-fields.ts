import { asciiFold } from '../../pix/br-code/ascii-fold';

/** CNAB 240 lines are exactly 240 characters; files end each line with CR LF. */
export const CNAB_LINE_LENGTH = 240;
export const CNAB_NEWLINE = '\r\n';

/** A numeric field (N): digits, right-aligned, zero-filled; a value that does not fit is a bug, not a truncation. */
export function numeric(value: number | string, length: number): string {
  const digits = typeof value === 'number' ? String(value) : value;
  if (!/^\d*$/.test(digits) || digits.length > length) throw new RangeError(`CNAB: "${digits}" does not fit N(${length})`);
  return digits.padStart(length, '0');
}

/** An alphanumeric field (X): upper case, no accents, left-aligned, space-filled, cut to its length. */
export function alpha(value: string | undefined, length: number): string {
  return asciiFold((value ?? '').toUpperCase(), length).padEnd(length, ' ');
}

export const blank = (length: number) => ' '.repeat(length);

/** DDMMAAAA of an ISO date; zeros when there is none (FEBRABAN's "no date"). */
export function date8(iso: string | undefined): string {
  if (!iso) return '00000000';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}${month}${year}`;
}

/** One record from its fields, checked to be exactly 240 characters. */
export function record(fields: string[]): string {
  const line = fields.join('');
  if (line.length !== CNAB_LINE_LENGTH) throw new RangeError(`CNAB: a record of ${line.length} characters`);
  return line;
}
