import { ConnectionCache, type SecretStringReader } from '../../connections';
import { PixApiClient, type PixApiClientOptions } from '../psp/pix-api-client';
import { PixPspConfigError, pixPspConfigFromSecret } from '../psp/psp-config';
import { PixPspError } from '../psp/psp-error';
import type { MerchantPixPsp } from './merchant-pix-psp';

/** A merchant's live connection to its PSP. */
export interface MerchantPspConnection {
  client: PixApiClient;
  /** The merchant's Pix key (chave), from its PSP secret. */
  chave: string;
  settings: MerchantPixPsp;
}

export interface MerchantPspClientsOptions {
  /** The merchant's Pix settings (its record), or undefined when it has no PSP. */
  settingsOf: (merchantId: string) => Promise<MerchantPixPsp | undefined>;
  readSecret: SecretStringReader;
  /** How long a connection (and the secret it was built from) is kept: a rotated secret is used after this. */
  ttlMs?: number;
  now?: () => number;
  client?: PixApiClientOptions;
}

export const DEFAULT_PSP_CONNECTION_TTL_MS = 5 * 60_000;
/** A replaced connection is closed once the calls that took it have had time to end (3 attempts of 5 s, and more). */
const RETIRED_CLOSE_DELAY_MS = 60_000;

/**
 * One PixApiClient per merchant and container, built from the merchant's PSP secret on first use and kept for a TTL
 * (its OAuth token and kept-alive mTLS connections with it); see ConnectionCache.
 */
export class MerchantPspClients {
  private readonly cache: ConnectionCache<MerchantPspConnection>;

  constructor(private readonly options: MerchantPspClientsOptions) {
    this.cache = new ConnectionCache({
      ttlMs: options.ttlMs ?? DEFAULT_PSP_CONNECTION_TTL_MS,
      now: options.now,
      retire: ({ client }) => setTimeout(() => client.close(), RETIRED_CLOSE_DELAY_MS).unref(),
    });
  }

  /** The merchant's connection; a PixPspError `configuration` when it has no PSP or its secret is unusable. */
  connectionOf(merchantId: string): Promise<MerchantPspConnection> {
    return this.cache.get(merchantId, () => this.connect(merchantId));
  }

  /** Whether the merchant has a PSP configured (its record names a PSP secret); says nothing about the secret. */
  async hasPsp(merchantId: string): Promise<boolean> {
    return (await this.options.settingsOf(merchantId)) !== undefined;
  }

  /** Closes every connection (tests, scripts). */
  async close(): Promise<void> {
    for (const { client } of await this.cache.clear()) client.close();
  }

  private async connect(merchantId: string): Promise<MerchantPspConnection> {
    const settings = await this.options.settingsOf(merchantId);
    if (!settings) throw new PixPspError('configuration', 'Esta loja não tem um PSP Pix configurado');
    let secret: string;
    try {
      secret = await this.options.readSecret(settings.secretId);
    } catch {
      throw new PixPspError('configuration', 'O segredo do PSP Pix desta loja não pôde ser lido');
    }
    try {
      const config = pixPspConfigFromSecret(secret);
      return { client: new PixApiClient(config, this.options.client), chave: config.chave, settings };
    } catch (error) {
      // Both messages name a field or a PEM problem, never a value.
      const reason = error instanceof PixPspConfigError || error instanceof PixPspError ? `: ${error.message}` : '';
      throw new PixPspError('configuration', `O segredo do PSP Pix desta loja é inválido${reason}`);
    }
  }
}
