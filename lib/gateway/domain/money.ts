/** Amounts travel as decimal strings with two decimals ("10.00") and are kept as integer cents. */
const AMOUNT = /^(0|[1-9]\d{0,11})\.(\d{2})$/;

/** Cents for a well-formed positive amount; undefined for anything else (the caller names the field). */
export function parseAmount(text: string): number | undefined {
  const match = AMOUNT.exec(text.trim());
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number(match[2]);
  return cents > 0 ? cents : undefined;
}

export function formatAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
