import { describe, expect, it } from 'vitest';
import { type Acquirer, AcquirerUnavailableError, type SettlementOutcome } from '../../../../lib/gateway/acquirers/acquirer';
import type { Refund } from '../../../../lib/gateway/domain/refund';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';
import { type TransactionEvent, type Transition, transition } from '../../../../lib/gateway/domain/transition';
import type { TransactionStore, TransitionResult } from '../../../../lib/gateway/transactions/ports';
import type { GatewayDependencies } from '../../../../lib/gateway/use-cases/dependencies';
import { refundAuthorized } from '../../../../lib/gateway/use-cases/refund-transaction';
import { PAID_AT, paidTransaction, reference } from './paid-transaction';

const AT = PAID_AT;

/** One transaction in memory, with the store's rule: a move is written only if its guards still hold what was read. */
class OneTransactionStore {
  events: TransactionEvent[] = [];
  constructor(public current: Transaction) {}
  async apply(move: Transition): Promise<TransitionResult> {
    const before = move.before as Transaction;
    const holds = move.guards.every((field) => JSON.stringify(before[field]) === JSON.stringify(this.current[field]));
    if (!holds) return { moved: false, current: structuredClone(this.current) };
    this.current = structuredClone(move.after);
    this.events.push(...move.events);
    return { moved: true, transaction: structuredClone(move.after) };
  }
  async getOfMerchant(): Promise<Transaction> {
    return structuredClone(this.current);
  }
  async getIdempotency() {
    return undefined;
  }
}

const paid = (overrides: Partial<Transaction> = {}) => paidTransaction({ id: 3, totalCents: 5000, ...overrides });

function depsWith(store: OneTransactionStore, refund: Acquirer['refund']): GatewayDependencies {
  const acquirer = { refund } as Acquirer;
  return { store: store as unknown as TransactionStore, acquirer, now: () => new Date() } as GatewayDependencies;
}

const approve = async (): Promise<SettlementOutcome> => ({ ok: true, reference });

describe('refundAuthorized: reserve, ask the channel, record its answer', () => {
  it('a refund the acquirer refuses is listed nao_realizado (200), gives its amount back, and is one event', async () => {
    const store = new OneTransactionStore(paid());
    const result = await refundAuthorized(
      depsWith(store, async () => ({ ok: false, reason: 'declined', reference })),
      { transaction: store.current, cents: 1000, by: 'refund' },
    );
    expect(result.statusCode).toBe(200);
    expect(result.body.transacao).toMatchObject({ status: 'paga', valor_estornado: '0.00' });
    expect(store.current.refunds?.map((r) => [r.cents, r.status])).toEqual([[1000, 'nao_realizado']]);
    expect(store.events.map((e) => e.tipo)).toEqual(['transacao.estorno']);
  });

  it('a channel that fails records nao_realizado (the amount is freed) and the error still reaches the caller', async () => {
    const store = new OneTransactionStore(paid());
    const failing = async (): Promise<SettlementOutcome> => {
      throw new AcquirerUnavailableError('no connector');
    };
    await expect(refundAuthorized(depsWith(store, failing), { transaction: store.current, by: 'refund' })).rejects.toThrow(
      AcquirerUnavailableError,
    );
    expect(store.current).toMatchObject({ status: 'paga', refunds: [{ cents: 5000, status: 'nao_realizado' }] });
    const retried = await refundAuthorized(depsWith(store, approve), { transaction: store.current, by: 'refund' });
    expect(retried.body.transacao).toMatchObject({ status: 'cancelada', valor_estornado: '50.00' });
  });

  it('a refund that finds the amount held by one in flight waits for its answer: freed, it goes ahead', async () => {
    const pending: Refund = { id: 'est_p', cents: 5000, status: 'em_processamento', createdAt: AT, by: 'refund' };
    const store = new OneTransactionStore(paid({ refunds: [pending], revision: 1 }));
    setTimeout(() => {
      const answered = transition(store.current, {
        type: 'refund_settled',
        refundId: 'est_p',
        status: 'nao_realizado',
        at: AT,
        by: 'psp',
      });
      void store.apply(answered);
    }, 100);
    const result = await refundAuthorized(depsWith(store, approve), { transaction: store.current, cents: 2000, by: 'refund' });
    expect(result.body.transacao).toMatchObject({ status: 'paga', valor_estornado: '20.00' });
    expect(store.current.refunds?.map((r) => r.status)).toEqual(['nao_realizado', 'concluido']);
  });

  it("an answer recorded by someone else while the channel is asked (a PSP's callback) stands: 200, not 409", async () => {
    const store = new OneTransactionStore(paid());
    // The channel's call is under way when the callback settles the same refund.
    const answeredByCallback = async (): Promise<SettlementOutcome> => {
      const pending = store.current.refunds?.find((refund) => refund.status === 'em_processamento');
      await store.apply(
        transition(store.current, { type: 'refund_settled', refundId: pending!.id, status: 'concluido', at: AT, by: 'psp' }),
      );
      return { ok: true, reference };
    };
    const result = await refundAuthorized(depsWith(store, answeredByCallback), { transaction: store.current, by: 'refund' });
    expect(result.statusCode).toBe(200);
    expect(result.body.transacao).toMatchObject({ status: 'cancelada', valor_estornado: '50.00' });
    expect(store.current.refunds?.map((refund) => refund.status)).toEqual(['concluido']);
    expect(store.events.filter((event) => event.tipo === 'transacao.estorno')).toHaveLength(1);
  });

  it('one still in flight after the wait (a Pix devolução) leaves the refund refused with 409', async () => {
    const pending: Refund = { id: 'est_p', cents: 5000, status: 'em_processamento', createdAt: AT, by: 'refund' };
    const store = new OneTransactionStore(paid({ refunds: [pending], revision: 1 }));
    const started = Date.now();
    await expect(refundAuthorized(depsWith(store, approve), { transaction: store.current, by: 'refund' })).rejects.toMatchObject({
      kind: 'transition_not_allowed',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(store.current.refunds).toHaveLength(1);
  });

  it('refunds interleaved by hand: a loser retries on the fresh read and both land, never above the capture', async () => {
    const store = new OneTransactionStore(paid());
    const stale = structuredClone(store.current);
    await refundAuthorized(depsWith(store, approve), { transaction: stale, cents: 3000, by: 'refund' });
    // `stale` is what a racing request read before the first refund: its write loses, it reads again, it still fits.
    await refundAuthorized(depsWith(store, approve), { transaction: stale, cents: 2000, by: 'refund' });
    expect(store.current).toMatchObject({ status: 'cancelada' });
    await expect(
      refundAuthorized(depsWith(store, approve), { transaction: stale, cents: 1, by: 'refund' }),
    ).rejects.toMatchObject({ kind: 'transition_not_allowed' });
  });
});
