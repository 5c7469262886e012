import { formatAmount } from './money';

/** Amounts as Brazilian pages and slips print them: `1.234,56`. */
export function brazilianAmount(cents: number): string {
  const [units, decimals] = formatAmount(cents).split('.') as [string, string];
  return `${units.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}`;
}

/** An ISO date (YYYY-MM-DD...) as DD/MM/YYYY. */
export function brazilianDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
