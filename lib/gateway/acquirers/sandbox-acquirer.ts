import { createHash } from 'node:crypto';
import type {
  Acquirer,
  AcquirerReference,
  AuthorizationOutcome,
  CardPayment,
  DeclineReason,
  SettlementOutcome,
  SettlementRequest,
} from './acquirer';
import namedTestCards from './fixtures/sandbox-test-cards.json' with { type: 'json' };

/** Stripe's named test cards, then the acquirer convention by last digit (README "Sandbox test cards"). */
const NAMED_CARDS = namedTestCards.cards as Record<string, DeclineReason | 'approved'>;

const BY_LAST_DIGIT: Record<string, DeclineReason | 'approved'> = {
  '0': 'approved',
  '1': 'approved',
  '2': 'declined',
  '3': 'expired_card',
  '4': 'approved',
  '5': 'blocked_card',
  '6': 'timeout',
  '7': 'cancelled_card',
  '8': 'card_problem',
  '9': 'approved',
};

/** ABECS return codes ("LR") as the acquirers report them. */
export const RETURN_CODES: Record<DeclineReason | 'approved', string> = {
  approved: '00',
  declined: '05',
  expired_card: '54',
  blocked_card: '78',
  timeout: '99',
  cancelled_card: '77',
  card_problem: '14',
  capture_refused: '57',
};

/** Amounts whose cents are 51 (e.g. "10.51") authorize but the capture is refused: the documented way to make a capture fail. */
export const CAPTURE_FAILS_WHEN_CENTS = 51;

/**
 * A deterministic acquirer for the sandbox: the same card and amount always give the same outcome and
 * the same references (derived from the transaction id), so merchants can script every path.
 */
export class SandboxAcquirer implements Acquirer {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async authorize(payment: CardPayment): Promise<AuthorizationOutcome> {
    const digits = payment.card.number;
    const verdict = NAMED_CARDS[digits] ?? BY_LAST_DIGIT[digits.slice(-1)] ?? 'declined';
    if (verdict !== 'approved')
      return { approved: false, reason: verdict, reference: this.reference(payment.transactionId, verdict) };
    if (payment.capture && payment.amountCents % 100 === CAPTURE_FAILS_WHEN_CENTS) {
      return { approved: false, reason: 'capture_refused', reference: this.reference(payment.transactionId, 'capture_refused') };
    }
    return { approved: true, captured: payment.capture, reference: this.reference(payment.transactionId, 'approved') };
  }

  async capture(request: SettlementRequest): Promise<SettlementOutcome> {
    if (request.amountCents % 100 === CAPTURE_FAILS_WHEN_CENTS) {
      return {
        ok: false,
        reason: 'capture_refused',
        reference: { ...request.reference, returnCode: RETURN_CODES.capture_refused },
      };
    }
    return { ok: true, reference: { ...request.reference, at: this.now().toISOString() } };
  }

  async refund(request: SettlementRequest): Promise<SettlementOutcome> {
    return { ok: true, reference: request.reference };
  }

  private reference(transactionId: number, verdict: DeclineReason | 'approved'): AcquirerReference {
    const digest = createHash('sha256').update(`sandbox:${transactionId}`).digest('hex');
    const approved = verdict === 'approved';
    return {
      tid: `1006993069${String(transactionId).padStart(10, '0')}`,
      nsu: String(Number.parseInt(digest.slice(0, 8), 16) % 1_000_000).padStart(6, '0'),
      authorizationCode: approved ? digest.slice(8, 14).toUpperCase() : null,
      returnCode: RETURN_CODES[verdict],
      at: this.now().toISOString(),
    };
  }
}
