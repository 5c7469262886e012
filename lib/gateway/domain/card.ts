import creditCardType from 'credit-card-type';

/** Card rules that need no acquirer: Luhn, brand by number, expiry, what may be kept. */
export const CARD_BRANDS = ['visa', 'mastercard', 'diners', 'elo', 'discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export { containsCardNumber, passesLuhn } from '../../log/card-numbers';

// Braintree's credit-card-type keeps the BIN ranges (Elo's overlap Visa's and Discover's) and code sizes current.
const LIBRARY_TYPES: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'diners-club': 'diners',
  elo: 'elo',
  discover: 'discover',
};

/** The accepted brand a complete card number belongs to, by its prefix and length. */
export function detectBrand(digits: string): CardBrand | undefined {
  const [best] = creditCardType(digits).filter((type) => type.lengths.includes(digits.length));
  return best ? LIBRARY_TYPES[best.type] : undefined;
}

/** Security-code length for the brand (3 for every accepted brand today, taken from the library). */
export function cvvLength(brand: CardBrand): number {
  const libraryType = Object.entries(LIBRARY_TYPES).find(([, ours]) => ours === brand)?.[0] ?? brand;
  return creditCardType.getTypeInfo(libraryType)?.code.size ?? 3;
}

/** MMYYYY, valid through the last day of that month. */
export function isExpired(mmyyyy: string, now: Date): boolean {
  const month = Number(mmyyyy.slice(0, 2));
  const year = Number(mmyyyy.slice(2));
  return year * 12 + month < now.getUTCFullYear() * 12 + (now.getUTCMonth() + 1);
}

/** All that is ever kept of a card: brand, first six and last four digits (PCI DSS truncation). */
export interface CardSummary {
  brand: CardBrand;
  first6: string;
  last4: string;
}

export function summariseCard(digits: string, brand: CardBrand): CardSummary {
  return { brand, first6: digits.slice(0, 6), last4: digits.slice(-4) };
}

/** `411111******1111`: shown to merchants in place of the number. */
export function maskedPan(card: CardSummary): string {
  return `${card.first6}******${card.last4}`;
}
