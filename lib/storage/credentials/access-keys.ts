import { randomBytes, randomInt } from 'node:crypto';

const ACCESS_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Shaped like AWS's: a 20-character upper-case access key id and a 40-character secret. */
/** The shape every access key has (the seed schema's and the CLI's); anything else names no key and is never looked up. */
export const isWellFormedAccessKey = (accessKey: string): boolean => /^[A-Za-z0-9]{3,128}$/.test(accessKey);

export function generateAccessKeyPair(): { accessKey: string; secretKey: string } {
  let accessKey = 'GW';
  while (accessKey.length < 20) accessKey += ACCESS_KEY_ALPHABET[randomInt(ACCESS_KEY_ALPHABET.length)];
  return { accessKey, secretKey: randomBytes(30).toString('base64') };
}

/** Canonical user ids are 64 hex digits, as S3's are. */
export function generateCanonicalUserId(): string {
  return randomBytes(32).toString('hex');
}
