import type { CardBrand } from '../domain/card';

/** The port every acquirer connector implements; the sandbox simulator and production sit behind it. */
export interface Acquirer {
  authorize(payment: CardPayment): Promise<AuthorizationOutcome>;
  capture(request: SettlementRequest): Promise<SettlementOutcome>;
  refund(request: SettlementRequest): Promise<SettlementOutcome>;
  /** A real acquirer's answer about an authorization left unknown (only connected acquirers can be asked). */
  findAuthorization?: ReconcilingAcquirer['findAuthorization'];
  /** Whether this payment goes to a real acquirer (a merchant's connection): every attempt is then a real charge. */
  connects?(payment: Pick<CardPayment, 'processor' | 'merchantId'>): Promise<boolean>;
}

export type CardProcessor = 'acquirerA' | 'acquirerB' | 'bankA_shopline';

/** Card data lives only in this object, for the duration of one call: it is never stored or logged. */
export interface CardPayment {
  processor: CardProcessor;
  /** Whose acquirer connection is used (a merchant without one: the stage's simulator or none). */
  merchantId: string;
  transactionId: number;
  amountCents: number;
  card: { number: string; cvv: string; expiry: string; brand: CardBrand };
  installments: number;
  operationType: string;
  /** Capture in the same call (capturar=true). */
  capture: boolean;
  /** The name printed on the card, when the buyer gave one (real acquirers require a holder: the buyer's name). */
  holder?: string;
  /**
   * An earlier attempt for this transaction may have reached the acquirer (a hosted page submitted again): a connected
   * acquirer asks by the order reference first and authorizes only when it finds nothing.
   */
  mayHaveBeenAttempted?: boolean;
}

/** What the acquirer returns about an authorization: the raw material of `detalhes`. */
export interface AcquirerReference {
  tid: string;
  nsu: string;
  authorizationCode: string | null;
  /** The acquirer's return code (ABECS "LR"): "00" approved. */
  returnCode: string;
  at: string;
  /** A real acquirer's own message for the return code (production connections only). */
  returnMessage?: string;
  /** The acquirer's id of the sale for capture, void and query (Cielo's PaymentId; e.Rede uses the tid). */
  paymentId?: string;
}

export type DeclineReason =
  | 'declined'
  | 'expired_card'
  | 'blocked_card'
  | 'timeout'
  | 'cancelled_card'
  | 'card_problem'
  | 'capture_refused';

export type AuthorizationOutcome =
  | { approved: true; captured: boolean; reference: AcquirerReference }
  | { approved: false; reason: DeclineReason; reference: AcquirerReference };

export interface SettlementRequest {
  processor: CardProcessor;
  merchantId: string;
  transactionId: number;
  amountCents: number;
  reference: AcquirerReference;
  /** Refunds only: what was given back before this one (a connected acquirer checks its total after a lost answer). */
  refundedBeforeCents?: number;
}

export type SettlementOutcome =
  | { ok: true; reference: AcquirerReference }
  | { ok: false; reason: DeclineReason; reference: AcquirerReference };

/**
 * The acquirer could not be used (no connection on production, a connection refused, an acquirer unreachable): 503 008.
 * `outcomeUnknown`: an authorization was sent and neither its answer nor a query by the order reference came back, so
 * the sale may exist at the acquirer; the transaction is kept pending and reconciled on its next consult.
 */
export class AcquirerUnavailableError extends Error {
  override name = 'AcquirerUnavailableError';

  constructor(
    message: string,
    readonly outcomeUnknown = false,
  ) {
    super(message);
  }
}

/** Asks the acquirer about a transaction by its order reference (the transaction id): what it decided, or nothing. */
export interface ReconcilingAcquirer {
  findAuthorization(
    payment: Pick<CardPayment, 'processor' | 'merchantId' | 'transactionId'>,
  ): Promise<AuthorizationOutcome | undefined>;
}
