import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isValidSecretName } from '../../connections';

/**
 * A merchant's production Pix settings, kept on its merchant record: which PSP secret holds its connection (by name,
 * never the secret itself) and the hash of the secret part of its callback URL.
 */
export interface MerchantPixPsp {
  /** The PSP secret's name: `<PIX_PSP_SECRET_PREFIX><secretId>` in Secrets Manager, `<secretId>.json` locally. */
  secretId: string;
  /** SHA-256 (hex) of the callback URL's secret segment. */
  callbackSecretHash: string;
  configuredAt: string;
}

/** Secret names as Secrets Manager allows them, without `/` (so a name never leaves its prefix or its directory). */
export const isValidPspSecretId = isValidSecretName;

/** 192 random bits, URL-safe: the segment that makes the callback URL unguessable. */
export function generateCallbackSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function hashCallbackSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares hashes in constant time, so a wrong secret teaches nothing about the right one. */
export function callbackSecretMatches(presented: string, settings: Pick<MerchantPixPsp, 'callbackSecretHash'>): boolean {
  const expected = Buffer.from(settings.callbackSecretHash, 'hex');
  const actual = Buffer.from(hashCallbackSecret(presented), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** What is registered at the PSP (`PUT /webhook/{chave}`); the PSP posts to `<this>/pix`. */
export function pixPspCallbackUrl(baseUrl: string, merchantId: string, callbackSecret: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/pix/psp/${encodeURIComponent(merchantId)}/${callbackSecret}`;
}
