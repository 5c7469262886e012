import { secretJsonObject } from '../../connections/secret-json';
/** Which acquirer a connection serves, as named in the CLI and on the merchant record (DESIGN §7.7). */
export const ACQUIRER_SLOTS = ['acquirerA', 'acquirerB'] as const;
export type AcquirerSlot = (typeof ACQUIRER_SLOTS)[number];

export function isAcquirerSlot(value: string): value is AcquirerSlot {
  return (ACQUIRER_SLOTS as readonly string[]).includes(value);
}

/** acquirerA: Cielo's API E-commerce 3.0 (transactional and query hosts differ). */
export interface CieloSecret {
  provider: 'cielo';
  apiUrl: string;
  queryUrl: string;
  merchantId: string;
  merchantKey: string;
}

/** acquirerB: e.Rede with OAuth2 client credentials (clientId is the PV, the merchant's affiliation number). */
export interface ERedeSecret {
  provider: 'erede';
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export type AcquirerSecret = CieloSecret | ERedeSecret;

const PROVIDER_OF: Record<AcquirerSlot, AcquirerSecret['provider']> = { acquirerA: 'cielo', acquirerB: 'erede' };

/** A secret that cannot be used; the message names a field, never a value. */
export class AcquirerSecretError extends Error {
  override name = 'AcquirerSecretError';
}

/**
 * The connection secret of `slot`, checked: the provider the slot is served by, every field present, URLs https (http
 * only where ACQUIRER_ALLOW_HTTP=1, a local stack). Base URLs are kept without a trailing slash.
 */
export function acquirerSecretFromText(text: string, slot: AcquirerSlot, options: { allowHttp: boolean }): AcquirerSecret {
  const record = secretJsonObject(text);
  if (record === 'notJson') throw new AcquirerSecretError('the secret is not JSON');
  if (record === 'notAnObject') throw new AcquirerSecretError('the secret is not a JSON object');
  const expected = PROVIDER_OF[slot];
  if (record.provider !== expected) {
    throw new AcquirerSecretError(`provider must be "${expected}" for ${slot} (cielo: acquirerA, erede: acquirerB)`);
  }
  const text_ = (field: string): string => {
    const candidate = record[field];
    if (typeof candidate !== 'string' || candidate.trim() === '') throw new AcquirerSecretError(`missing field ${field}`);
    return candidate.trim();
  };
  const url = (field: string): string => {
    const raw = text_(field);
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new AcquirerSecretError(`${field} is not a URL`);
    }
    if (parsed.protocol === 'http:' && !options.allowHttp) {
      throw new AcquirerSecretError(
        `${field} is http://: only https:// is accepted (http:// with ACQUIRER_ALLOW_HTTP=1, local stacks)`,
      );
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new AcquirerSecretError(`${field} must be https://`);
    if (parsed.username || parsed.password || parsed.search || parsed.hash) {
      throw new AcquirerSecretError(`${field} must be a plain base URL (no credentials, query or fragment)`);
    }
    return raw.replace(/\/+$/, '');
  };
  if (expected === 'cielo') {
    const merchantId = text_('merchantId');
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(merchantId)) {
      throw new AcquirerSecretError('merchantId must be the Cielo MerchantId (a UUID)');
    }
    return { provider: 'cielo', apiUrl: url('apiUrl'), queryUrl: url('queryUrl'), merchantId, merchantKey: text_('merchantKey') };
  }
  return {
    provider: 'erede',
    apiUrl: url('apiUrl'),
    tokenUrl: url('tokenUrl'),
    clientId: text_('clientId'),
    clientSecret: text_('clientSecret'),
  };
}
