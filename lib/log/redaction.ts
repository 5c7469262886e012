import { replaceCardNumbers } from './card-numbers';

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
    // The secret segment of a merchant's Pix PSP callback URL (a path parameter: the access log redacts it too).
    'callback_secret',
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

/** Masks every card number (13–19 digits, spaces or dashes allowed between groups, passing Luhn). */
export function maskCardNumbers(text: string): string {
  return replaceCardNumbers(text, REDACTED_PAN);
}

/** The value with every card number in its strings masked, at any depth (error envelopes echo what clients sent). */
export function maskCardNumbersDeep<T>(value: T): T {
  if (value === undefined) return value;
  return JSON.parse(JSON.stringify(value, (_key, inner) => (typeof inner === 'string' ? maskCardNumbers(inner) : inner)));
}

/** A JSON.stringify replacer: redacts sensitive keys and card numbers in strings. */
export function redactingReplacer(key: string, value: unknown): unknown {
  if (key !== '' && isSensitiveKey(key) && value !== null && value !== undefined) return REDACTED;
  if (typeof value === 'string') return maskCardNumbers(value);
  return value;
}
