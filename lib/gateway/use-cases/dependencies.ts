import type { HostResolver } from '../../delivery/push-sender';
import type { Acquirer } from '../acquirers/acquirer';
import type { BoletoBankLookup } from '../boleto/bank-connection/boleto-bank-repository';
import type { DueChargeIssuer } from '../boleto/registration/due-charge-issuer';
import type { LocationSigningKey } from '../pix/location';
import type { PixProvider } from '../pix/provider/pix-provider';
import type { TransactionStore } from '../transactions/ports';
import type { WebhookEndpointStore } from '../webhooks/ports';

/** What the gateway's use cases need from the outside world; wired once per container (lib/gateway/gateway-wiring.ts). */
export interface GatewayDependencies {
  store: TransactionStore;
  acquirer: Acquirer;
  /** Issues Pix charges: the sandbox simulator, or the merchant's PSP in production. */
  pixProvider: PixProvider;
  /** Signs Pix location payloads (loaded on first use: the local development key, or the stage's secret). */
  pixLocationKey: () => Promise<LocationSigningKey>;
  now: () => Date;
  newUuid: () => string;
  /** The stage's server-side secret (list cursors' MACs, sealing webhook secrets): inline locally, Secrets Manager deployed. */
  serverSecret: () => Promise<string>;
  webhooks: WebhookEndpointStore;
  /** WEBHOOK_ALLOW_PRIVATE (local stacks): http:// and internal targets accepted. */
  webhookAllowPrivate: boolean;
  resolveHost: HostResolver;
  /** Merchants' boleto bank connections (DESIGN §7.8); absent: every boleto is unregistered, as before. */
  boletoBanks?: BoletoBankLookup;
  /**
   * The merchant's Pix PSP for boletos híbridos (a `cobv` each), wired where Pix charges go to the PSP (production);
   * it comes before the bank connection's `pixKey`: the PSP is what the merchant configured for Pix.
   */
  dueCharges?: DueChargeIssuer;
}

/** A response the handler sends as is: a status and the `{"transacao": ...}` body. */
export interface GatewayResult {
  statusCode: number;
  body: { transacao: Record<string, unknown> };
}
