import { ConnectionCache, type SecretStringReader } from '../../connections';
import { CieloConnector } from '../cielo/cielo-connector';
import { ERedeConnector } from '../erede/erede-connector';
import { type AcquirerHttpOptions, type AcquirerLogger, SILENT_ACQUIRER_LOGGER } from '../http/acquirer-http';
import type { AcquirerConnector } from './acquirer-connector';
import { AcquirerSecretError, type AcquirerSlot, acquirerSecretFromText } from './acquirer-secret';

/** A merchant's acquirer connection as its record names it: the secret's name, never the secret. */
export interface MerchantAcquirerSettings {
  secretId: string;
  configuredAt: string;
}

/** A live connection, and the name it is known by in messages (the secret's name: a name, not a credential). */
export interface MerchantAcquirerConnection {
  connector: AcquirerConnector;
  name: string;
}

export interface MerchantAcquirerConnectionsOptions {
  /** The merchant's connection for the slot (its record), or undefined when it has none. */
  settingsOf: (merchantId: string, slot: AcquirerSlot) => Promise<MerchantAcquirerSettings | undefined>;
  readSecret: SecretStringReader;
  allowHttp: boolean;
  /** Per call to the acquirer. Default 10 s (API Gateway gives a request 29 s: authorize, query, our writes). */
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
  logger?: AcquirerLogger;
}

export const DEFAULT_ACQUIRER_TIMEOUT_MS = 10_000;
export const DEFAULT_ACQUIRER_CONNECTION_TTL_MS = 5 * 60_000;

/** A connection that cannot be used (secret unreadable or invalid): 503 008, naming the connection. */
export class AcquirerConnectionUnusableError extends Error {
  override name = 'AcquirerConnectionUnusableError';
}

/**
 * Each merchant's acquirer connections, per slot, built from the merchant record and its secret on first use and kept
 * per container for a TTL (e.Rede's OAuth token with it). "No connection" is kept too: a sandbox merchant without one
 * costs one read of its record per TTL, not one per payment.
 */
export class MerchantAcquirerConnections {
  private readonly cache: ConnectionCache<MerchantAcquirerConnection | undefined>;
  private readonly http: AcquirerHttpOptions;

  constructor(private readonly options: MerchantAcquirerConnectionsOptions) {
    this.cache = new ConnectionCache({ ttlMs: options.ttlMs ?? DEFAULT_ACQUIRER_CONNECTION_TTL_MS, now: options.now });
    this.http = {
      timeoutMs: options.timeoutMs ?? DEFAULT_ACQUIRER_TIMEOUT_MS,
      logger: options.logger ?? SILENT_ACQUIRER_LOGGER,
    };
  }

  connectionOf(merchantId: string, slot: AcquirerSlot): Promise<MerchantAcquirerConnection | undefined> {
    return this.cache.get(`${merchantId}#${slot}`, () => this.connect(merchantId, slot));
  }

  /** Forgets every connection (tests, scripts; and after `acquirer set|remove` in the same process). */
  async clear(): Promise<void> {
    await this.cache.clear();
  }

  private async connect(merchantId: string, slot: AcquirerSlot): Promise<MerchantAcquirerConnection | undefined> {
    const settings = await this.options.settingsOf(merchantId, slot);
    if (!settings) return undefined;
    const name = settings.secretId;
    let text: string;
    try {
      text = await this.options.readSecret(name);
    } catch {
      throw new AcquirerConnectionUnusableError(`O segredo da conexão ${slot} ${name} não pôde ser lido`);
    }
    try {
      const secret = acquirerSecretFromText(text, slot, { allowHttp: this.options.allowHttp });
      const connector =
        secret.provider === 'cielo' ? new CieloConnector(secret, this.http, name) : new ERedeConnector(secret, this.http, name);
      return { connector, name };
    } catch (error) {
      // The message names a field, never a value.
      const reason = error instanceof AcquirerSecretError ? `: ${error.message}` : '';
      throw new AcquirerConnectionUnusableError(`O segredo da conexão ${slot} ${name} é inválido${reason}`);
    }
  }
}
