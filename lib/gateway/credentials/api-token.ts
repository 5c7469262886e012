import { createHash, randomUUID } from 'node:crypto';

/** Merchant API tokens are random UUIDs (122 bits), so one SHA-256 is enough to store them: no salt, no stretching. */
export function generateApiToken(): string {
  return randomUUID();
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token.trim().toLowerCase(), 'utf8').digest('hex');
}

export function isUuidShaped(token: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token.trim());
}
