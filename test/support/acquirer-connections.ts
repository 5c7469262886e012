import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeCielo } from './fake-cielo';
import type { FakeERede } from './fake-erede';

/** A Cielo connection secret (acquirerA) for the fake, as an operator would store it. */
export function cieloSecret(cielo: FakeCielo, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { provider: 'cielo', apiUrl: cielo.baseUrl, queryUrl: cielo.baseUrl, ...cielo.credentials, ...changes };
}

/** An e.Rede connection secret (acquirerB) for the fake. */
export function eredeSecret(erede: FakeERede, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { provider: 'erede', apiUrl: erede.baseUrl, tokenUrl: erede.tokenUrl, ...erede.credentials, ...changes };
}

/** Writes `<name>.json` in the stack's ACQUIRER_SECRETS_DIR (what `acquirer set` then names on the merchant). */
export function writeAcquirerSecret(directory: string, name: string, secret: unknown): void {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `${name}.json`), typeof secret === 'string' ? secret : JSON.stringify(secret));
}
