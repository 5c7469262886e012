import { describe, expect, it } from 'vitest';
import type { Acquirer, SettlementRequest } from '../../../../lib/gateway/acquirers/acquirer';
import { SandboxAcquirer } from '../../../../lib/gateway/acquirers/sandbox-acquirer';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';
import { acquirerRefundChannel } from '../../../../lib/gateway/refunds/acquirer-refund-channel';

const reference = { tid: 't1', nsu: 'n1', authorizationCode: 'a1', returnCode: '00', at: '2026-11-27T10:00:00.000Z' };
const transaction = {
  id: 4,
  method: 'acquirerB_ws',
  flow: 'card',
  totalCents: 10_000,
  acquirerReference: reference,
} as Transaction;
const refund = { id: 'est_1', cents: 1234, status: 'em_processamento' as const, createdAt: '', by: 'refund' };

describe('the card refund channel', () => {
  it("asks the acquirer for the refund's amount, not the total, and answers concluido or nao_realizado", async () => {
    const asked: SettlementRequest[] = [];
    const sandbox = new SandboxAcquirer();
    const spy: Acquirer = {
      ...sandbox,
      authorize: sandbox.authorize,
      capture: sandbox.capture,
      refund: async (r) => {
        asked.push(r);
        return sandbox.refund(r);
      },
    };
    expect(await acquirerRefundChannel(spy).refund({ transaction, refund })).toEqual({ status: 'concluido' });
    expect(asked).toEqual([
      {
        processor: 'acquirerB',
        merchantId: transaction.merchantId,
        transactionId: 4,
        amountCents: 1234,
        reference,
        refundedBeforeCents: 0,
      },
    ]);

    const refusing: Acquirer = { ...spy, refund: async (r) => ({ ok: false, reason: 'declined', reference: r.reference }) };
    expect(await acquirerRefundChannel(refusing).refund({ transaction, refund })).toEqual({ status: 'nao_realizado' });
  });
});
