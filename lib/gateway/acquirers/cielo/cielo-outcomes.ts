import type { AcquirerReference, AuthorizationOutcome, DeclineReason } from '../acquirer';

/** Cielo's Payment.Status (API E-commerce 3.0). */
export const CIELO_STATUS = {
  NotFinished: 0,
  Authorized: 1,
  PaymentConfirmed: 2,
  Denied: 3,
  Voided: 10,
  Refunded: 11,
  Pending: 12,
  Aborted: 13,
  Scheduled: 20,
} as const;

/** Cielo's ReturnCode of a refusal, as the sandbox acquirer's reasons (its sandbox: the card's final digit decides). */
const DECLINE_REASONS: Record<string, DeclineReason> = {
  '05': 'declined',
  '57': 'expired_card',
  '54': 'expired_card',
  '78': 'blocked_card',
  '99': 'timeout',
  '77': 'cancelled_card',
  '70': 'card_problem',
  '14': 'card_problem',
};

/** The Payment part of Cielo's sale, as read by the connector (every field optional: checked where used). */
export interface CieloPayment {
  PaymentId?: string;
  Status?: number;
  ReturnCode?: string;
  ReturnMessage?: string;
  Tid?: string;
  ProofOfSale?: string;
  AuthorizationCode?: string;
  ReceivedDate?: string;
  CapturedAmount?: number;
  VoidedAmount?: number;
}

export function cieloReference(payment: CieloPayment, at: string): AcquirerReference {
  return {
    tid: payment.Tid ?? '',
    nsu: payment.ProofOfSale ?? '',
    authorizationCode: payment.AuthorizationCode || null,
    returnCode: payment.ReturnCode ?? '',
    ...(payment.ReturnMessage ? { returnMessage: payment.ReturnMessage } : {}),
    ...(payment.PaymentId ? { paymentId: payment.PaymentId } : {}),
    at,
  };
}

/**
 * A sale's outcome from its Status: Authorized (1) and PaymentConfirmed (2) approve; Denied (3) and Aborted (13) refuse,
 * with the ReturnCode's reason; Voided and Refunded mean it was approved and given back since. Anything else
 * (NotFinished, Pending, Scheduled) is not a decision: undefined.
 */
export function cieloOutcome(payment: CieloPayment, at: string): AuthorizationOutcome | undefined {
  const reference = cieloReference(payment, at);
  switch (payment.Status) {
    case CIELO_STATUS.Authorized:
      return { approved: true, captured: false, reference };
    case CIELO_STATUS.PaymentConfirmed:
    case CIELO_STATUS.Voided:
    case CIELO_STATUS.Refunded:
      return {
        approved: true,
        captured: payment.Status === CIELO_STATUS.PaymentConfirmed || (payment.CapturedAmount ?? 0) > 0,
        reference,
      };
    case CIELO_STATUS.Denied:
    case CIELO_STATUS.Aborted:
      return { approved: false, reason: DECLINE_REASONS[reference.returnCode] ?? 'declined', reference };
    default:
      return undefined;
  }
}
