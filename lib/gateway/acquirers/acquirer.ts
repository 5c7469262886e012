import type { CardBrand } from '../domain/card';

/** The port every acquirer connector implements; the sandbox simulator and production sit behind it. */
export interface Acquirer {
  authorize(payment: CardPayment): Promise<AuthorizationOutcome>;
  capture(request: SettlementRequest): Promise<SettlementOutcome>;
  refund(request: SettlementRequest): Promise<SettlementOutcome>;
}

export type CardProcessor = 'acquirerA' | 'acquirerB' | 'bankA_shopline';

/** Card data lives only in this object, for the duration of one call: it is never stored or logged. */
export interface CardPayment {
  processor: CardProcessor;
  transactionId: number;
  amountCents: number;
  card: { number: string; cvv: string; expiry: string; brand: CardBrand };
  installments: number;
  operationType: string;
  /** Capture in the same call (capturar=true). */
  capture: boolean;
}

/** What the acquirer returns about an authorization: the raw material of `detalhes`. */
export interface AcquirerReference {
  tid: string;
  nsu: string;
  authorizationCode: string | null;
  /** The acquirer's return code (ABECS "LR"): "00" approved. */
  returnCode: string;
  at: string;
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
  transactionId: number;
  amountCents: number;
  reference: AcquirerReference;
}

export type SettlementOutcome =
  | { ok: true; reference: AcquirerReference }
  | { ok: false; reason: DeclineReason; reference: AcquirerReference };

/** Production has the port but no real connector yet: it says so instead of pretending. */
export class AcquirerUnavailableError extends Error {
  override name = 'AcquirerUnavailableError';
}
