import { describe, expect, it } from 'vitest';
import { BOLETO_BANKS, freeFieldOf } from '../../../lib/gateway/boleto/bank-registry';
import { boletoSlipOf } from '../../../lib/gateway/boleto/boleto-slip';
import {
  barcodeFromLine,
  buildBarcode,
  dateOfFactor,
  decodeBarcode,
  dueDateFactor,
  formatLine,
  lineFromBarcode,
  mod10,
  mod11,
} from '../../../lib/gateway/boleto/febraban-code';
import { itfBarcodeSvg } from '../../../lib/gateway/boleto/itf-barcode';
import { brazilianAmount } from '../../../lib/gateway/domain/brazilian-format';
import type { Transaction } from '../../../lib/gateway/domain/transaction';

/** Lines of slips issued by real banks, as published in public boleto-validation projects' tests. */
const REAL_SLIPS = [
  { line: '23793.38128 60007.827136 95000.063305 9 75520000370000', bank: '237', cents: 370000, due: '2018-06-11' },
  { line: '34195.00008 01233.203189 64221.470004 5 84410000002000', bank: '341', cents: 2000, due: '2020-11-16' },
  { line: '21290.00119 21100.012109 04475.617405 9 75870000002000', bank: '212', cents: 2000, due: '2018-07-16' },
  { line: '33690.00009 00000.010009 10721.762432 1 81580000235000', bank: '336', cents: 235000, due: '2020-02-07' },
  { line: '00190.50095 40144.816069 06809.350314 3 37370000000100', bank: '001', cents: 100, due: '2007-12-31' },
];

describe('FEBRABAN check digits', () => {
  it('mod 10 per field and mod 11 general digit, as on real slips', () => {
    expect(mod10('001905009')).toBe(5);
    expect(mod10('4014481606')).toBe(9);
    expect(mod10('0680935031')).toBe(4);
    // mod 11 results 0, 10 and 11 become 1
    expect(mod11('0019373700000001000500940144816060680935031')).toBe(3);
    expect(mod11('0000000000000000000000000000000000000000000')).toBe(1);
  });

  it.each(REAL_SLIPS)('decodes the real slip $line', ({ line, bank, cents, due }) => {
    const barcode = barcodeFromLine(line);
    expect(barcode).toHaveLength(44);
    const decoded = decodeBarcode(barcode, new Date(`${due}T12:00:00Z`));
    expect(decoded).toMatchObject({ bankCode: bank, currency: '9', amountCents: cents, dueDate: due });
    expect(lineFromBarcode(barcode)).toBe(line.replace(/\D/g, ''));
    expect(buildBarcode(decoded)).toBe(barcode);
  });

  it('refuses a line with one digit changed, in any field', () => {
    const digits = REAL_SLIPS[0]!.line.replace(/\D/g, '');
    for (const position of [2, 12, 25, 32, 40]) {
      const changed = digits.slice(0, position) + ((Number(digits[position]) + 1) % 10) + digits.slice(position + 1);
      expect(() => barcodeFromLine(changed), `position ${position}`).toThrow(RangeError);
    }
  });
});

describe('due-date factor with the 2025-02-22 reset', () => {
  it('counts from 1997-10-07 up to 9999 on 2025-02-21, then restarts at 1000', () => {
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2018-06-11')).toBe(7552);
    expect(dueDateFactor('2025-02-20')).toBe(9998);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor('2026-11-21')).toBe(1637);
    // the new cycle ends after 9000 days and starts over at 1000
    expect(dueDateFactor('2049-10-13')).toBe(9999);
    expect(dueDateFactor('2049-10-14')).toBe(1000);
  });

  it('reads a factor as the day of its cycle closest to today', () => {
    expect(dateOfFactor(1000, new Date('2026-01-01'))).toBe('2025-02-22');
    expect(dateOfFactor(1000, new Date('2001-01-01'))).toBe('2000-07-03');
    expect(dateOfFactor(9999, new Date('2025-03-01'))).toBe('2025-02-21');
    expect(dateOfFactor(1637, new Date('2026-11-21'))).toBe('2026-11-21');
  });

  it('round-trips slips due on both sides of the reset: barcode → line → barcode', () => {
    for (const dueDate of ['2025-02-20', '2025-02-21', '2025-02-22', '2025-02-23', '2031-12-31']) {
      const code = { bankCode: '341', currency: '9', dueDate, amountCents: 1234567, freeField: '1090000012341005712345000' };
      const barcode = buildBarcode(code);
      const line = lineFromBarcode(barcode);
      expect(line).toHaveLength(47);
      expect(barcodeFromLine(formatLine(line))).toBe(barcode);
      expect(decodeBarcode(barcode, new Date(`${dueDate}T00:00:00Z`))).toEqual(code);
    }
  });
});

describe('bank registry and slip', () => {
  const transaction = {
    id: 123,
    method: 'boleto_bankA',
    merchantName: 'Loja',
    orderNumber: '900',
    totalCents: 123456,
    dueDate: '2030-12-31',
    createdAt: '2026-11-21T10:00:00.000Z',
    buyer: { nome: 'Ana' },
  } as Transaction;

  it('has one valid entry per boleto method and builds 25-digit campos livres', () => {
    expect(Object.keys(BOLETO_BANKS).sort()).toEqual(['boleto_bankA', 'boleto_bankB']);
    for (const bank of Object.values(BOLETO_BANKS)) expect(freeFieldOf(bank, 123).freeField).toMatch(/^\d{25}$/);
    expect(freeFieldOf(BOLETO_BANKS.boleto_bankB, 123).ourNumber).toBe('09/00000000123');
  });

  it('puts amount, due date and bank into the barcode, and prints Brazilian amounts', () => {
    const slip = boletoSlipOf(transaction);
    expect(slip.barcode.slice(0, 3)).toBe(BOLETO_BANKS.boleto_bankA.code);
    expect(decodeBarcode(slip.barcode, new Date('2030-01-01'))).toMatchObject({ amountCents: 123456, dueDate: '2030-12-31' });
    expect(slip).toMatchObject({ amount: '1.234,56', dueDate: '31/12/2030', documentNumber: '900', beneficiary: 'Loja' });
    expect(brazilianAmount(100000000)).toBe('1.000.000,00');
    expect(brazilianAmount(5)).toBe('0,05');
  });

  it('draws the 44 digits as an ITF barcode in SVG, wide elements 3× the narrow ones', async () => {
    const barcode = boletoSlipOf(transaction).barcode;
    const svg = await itfBarcodeSvg(barcode);
    expect(svg).toContain('preserveAspectRatio="none"'); // fills the slip's 103 × 13 mm box
    const { digits, widths } = readItf(svg);
    expect(digits).toBe(barcode);
    expect(widths).toEqual([1, 3]);
    await expect(itfBarcodeSvg('123')).rejects.toThrow(RangeError);
  });
});

/** Interleaved 2 of 5 digit patterns: which of the five elements are wide. */
const ITF_PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/** Reads an ITF symbol back from bwip-js's SVG (vertical strokes): the digits, and the element widths in narrow units. */
function readItf(svg: string): { digits: string; widths: number[] } {
  const bars: { from: number; to: number }[] = [];
  for (const [, width, path] of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    for (const [, x] of (path as string).matchAll(/M([\d.]+) /g)) {
      bars.push({ from: Number(x) - Number(width) / 2, to: Number(x) + Number(width) / 2 });
    }
  }
  bars.sort((a, b) => a.from - b.from);
  // Alternating bar and space widths, from the first bar to the last.
  const elements = bars.flatMap((bar, i) => [
    bar.to - bar.from,
    ...(bars[i + 1] ? [(bars[i + 1] as typeof bar).from - bar.to] : []),
  ]);
  const narrow = Math.min(...elements);
  const units = elements.map((width) => Math.round(width / narrow));
  const body = units.slice(4, -3); // start: n n n n; stop: W n n
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const group = body.slice(i, i + 10);
    const pattern = (offset: number) => [0, 2, 4, 6, 8].map((k) => (group[k + offset] === 3 ? '1' : '0')).join('');
    digits += `${ITF_PATTERNS.indexOf(pattern(0))}${ITF_PATTERNS.indexOf(pattern(1))}`;
  }
  return { digits, widths: [...new Set(units)].sort() };
}
