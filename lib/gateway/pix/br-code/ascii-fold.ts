/**
 * Merchant name and city in a BR Code use the EMV common character set: accents are folded to their base letter
 * ("São Paulo" → "Sao Paulo"), anything else outside printable ASCII dropped, spaces collapsed, then cut to length.
 */
export function asciiFold(text: string, maxLength: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}
