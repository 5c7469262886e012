/**
 * Amounts travel as decimal strings with two decimals ("10.00") and are kept as integer cents. Leading zeros are
 * still a decimal with a dot and two decimals (the spec's words): "010.00" is 10.00.
 */
const AMOUNT = /^(\d{1,12})\.(\d{2})$/;

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
