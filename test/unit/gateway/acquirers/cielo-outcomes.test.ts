import { describe, expect, it } from 'vitest';
import { cieloOutcome } from '../../../../lib/gateway/acquirers/cielo/cielo-outcomes';

const at = '2026-11-28T10:00:00.000Z';
const sale = { PaymentId: 'p-1', Tid: '1006993069', ProofOfSale: '123456', AuthorizationCode: '654321' };

describe("Cielo's Status and ReturnCode as the sandbox acquirer's outcomes", () => {
  it('Authorized is approved, not captured; PaymentConfirmed approved and captured; detalhes material kept', () => {
    expect(cieloOutcome({ ...sale, Status: 1, ReturnCode: '4' }, at)).toEqual({
      approved: true,
      captured: false,
      reference: { tid: '1006993069', nsu: '123456', authorizationCode: '654321', returnCode: '4', paymentId: 'p-1', at },
    });
    expect(cieloOutcome({ ...sale, Status: 2, ReturnCode: '6' }, at)).toMatchObject({ approved: true, captured: true });
  });

  it.each([
    ['05', 'declined'],
    ['57', 'expired_card'],
    ['78', 'blocked_card'],
    ['99', 'timeout'],
    ['77', 'cancelled_card'],
    ['70', 'card_problem'],
    ['BP171', 'declined'],
  ])('Denied with ReturnCode %s is the reason %s', (code, reason) => {
    const outcome = cieloOutcome({ Status: 3, ReturnCode: code, ReturnMessage: 'Not Authorized' }, at);
    expect(outcome).toMatchObject({ approved: false, reason, reference: { returnCode: code, returnMessage: 'Not Authorized' } });
  });

  it('Aborted is a refusal; NotFinished, Pending and Scheduled are no decision yet', () => {
    expect(cieloOutcome({ Status: 13, ReturnCode: '05' }, at)).toMatchObject({ approved: false, reason: 'declined' });
    for (const Status of [0, 12, 20, undefined]) expect(cieloOutcome({ Status }, at)).toBeUndefined();
  });
});
