import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 62 × 4 = 248: bytes at or above it are dropped, so every character is equally likely (no modulo bias). */
const UNBIASED_LIMIT = 248;

/** `length` characters of [A-Za-z0-9] from the CSPRNG, about 5.95 bits each. */
export function randomAlphanumeric(length: number, alphabet = ALPHABET): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT && text.length < length) text += alphabet[byte % alphabet.length];
    }
  }
  return text;
}
