import { randomAlphanumeric } from './random-alphanumeric';

/** The BCB API Pix `txid` of an immediate charge (`cob`): 26-35 characters of [a-zA-Z0-9]. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;

/**
 * A new txid: 32 random alphanumerics (≈190 bits), so it cannot be guessed from another one, and the location
 * that serves the charge can be found by no one who was not given the BR Code.
 */
export function generateTxid(length = 32): string {
  if (!Number.isInteger(length) || length < 26 || length > 35) throw new RangeError(`A txid has 26-35 characters, not ${length}`);
  return randomAlphanumeric(length);
}

export function isTxid(value: unknown): value is string {
  return typeof value === 'string' && TXID_PATTERN.test(value);
}
