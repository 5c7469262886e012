/**
 * Card-number detection shared by log redaction and the gateway's validation: digit runs of 13–19
 * (spaces or dashes allowed between groups) that pass the Luhn check.
 */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// Bounded by non-digits rather than word boundaries: "id4111111111111111" or "_4111111111111111" is a card number too.
const DIGIT_RUN = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

/** Replaces every card number in the text. */
export function replaceCardNumbers(text: string, replacement: string): string {
  return text.replace(DIGIT_RUN, (match) => (passesLuhn(match.replace(/[ -]/g, '')) ? replacement : match));
}

export function containsCardNumber(text: string): boolean {
  return [...text.matchAll(DIGIT_RUN)].some((match) => passesLuhn(match[0].replace(/[ -]/g, '')));
}
