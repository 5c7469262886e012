import type { AuthorizationOutcome, CardPayment, SettlementOutcome, SettlementRequest } from '../acquirer';

/**
 * One merchant's connection to a real acquirer (Cielo, e.Rede). Calls throw AcquirerTransportError when the acquirer
 * did not answer, AcquirerAnsweredError when it answered something that is neither a decision nor a refusal (5xx,
 * malformed), AcquirerConnectionError when it refused the connection itself (credentials): the caller reconciles.
 */
export interface AcquirerConnector {
  authorize(payment: CardPayment): Promise<AuthorizationOutcome>;
  capture(request: SettlementRequest): Promise<SettlementOutcome>;
  refund(request: SettlementRequest): Promise<SettlementOutcome>;
  /** The authorization made for this order reference (the transaction id), or undefined when the acquirer has none. */
  findByReference(transactionId: number): Promise<AuthorizationOutcome | undefined>;
  /** The amounts the acquirer holds as captured and as refunded for a sale (after an unanswered capture or refund). */
  amountsOf(reference: SettlementRequest['reference']): Promise<{ capturedCents: number; refundedCents: number }>;
}

/** The acquirer answered, but not with a decision (a 5xx, a body we cannot read): whether it acted is unknown. */
export class AcquirerAnsweredError extends Error {
  override name = 'AcquirerAnsweredError';

  constructor(readonly status: number) {
    super(`the acquirer answered HTTP ${status} without a decision`);
  }
}

/** The acquirer refused the connection (bad credentials, unknown merchant): nothing was done, nothing will be. */
export class AcquirerConnectionError extends Error {
  override name = 'AcquirerConnectionError';
}
