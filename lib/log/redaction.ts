/**
 * What never reaches a log line: card data, API tokens, passwords, secrets, signatures.
 * Keys are compared case-insensitively with `_` and `-` removed, at any depth.
 */
const SENSITIVE_KEYS = new Set(
  [
    'cartao_numero',
    'cartao_cvv',
    'cartao_validade',
    'card_number',
    'cvv',
    'cvc',
    'pan',
    'token',
    'api_token',
    'password',
    'senha',
    'password_hash',
    'secret',
    'secret_key',
    'secret_access_key',
    'aws_secret_access_key',
    'authorization',
    'cookie',
    'set-cookie',
    'x-amz-security-token',
    'signature',
    'x-amz-signature',
    'csrf',
  ].map(normaliseKey),
);

export const REDACTED = '[REDACTED]';
const REDACTED_PAN = '[REDACTED PAN]';

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEYS.has(normaliseKey(key));
}

/** Luhn check, so that only digit runs that really look like card numbers are masked inside free text. */
function passesLuhn(digits: string): boolean {
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

/** Masks every 13–19 digit run (spaces or dashes allowed between groups) that passes Luhn. */
export function maskCardNumbers(text: string): string {
  return text.replace(/\b\d(?:[ -]?\d){12,18}\b/g, (match) => {
    const digits = match.replace(/[ -]/g, '');
    return digits.length >= 13 && passesLuhn(digits) ? REDACTED_PAN : match;
  });
}

/** A JSON.stringify replacer: redacts sensitive keys and card numbers in strings. */
export function redactingReplacer(key: string, value: unknown): unknown {
  if (key !== '' && isSensitiveKey(key) && value !== null && value !== undefined) return REDACTED;
  if (typeof value === 'string') return maskCardNumbers(value);
  return value;
}
