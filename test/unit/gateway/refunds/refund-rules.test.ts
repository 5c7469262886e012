import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEGACY_REFUND_ID,
  type Refund,
  type RefundStatus,
  refundedCents,
  remainingCents,
} from '../../../../lib/gateway/domain/refund';
import { type Transaction, toApiView } from '../../../../lib/gateway/domain/transaction';
import { transition } from '../../../../lib/gateway/domain/transition';
import { GatewayError } from '../../../../lib/gateway/errors';
import { PAID_AT, paidTransaction, reference } from './paid-transaction';

const AT = PAID_AT;
const LATER = '2026-11-27T10:05:00.000Z';

const paid = paidTransaction;

let sequence = 0;
function refund(cents: number, status: RefundStatus = 'concluido'): Refund {
  sequence++;
  return { id: `est_${sequence}`, cents, status, createdAt: LATER, by: 'refund' };
}

const refundOf = (t: Transaction, r: Refund) => transition(t, { type: 'refund', refund: r, at: LATER, by: r.by });
const settle = (t: Transaction, refundId: string, status: RefundStatus) =>
  transition(t, { type: 'refund_settled', refundId, status, at: LATER, by: 'psp' });

describe('partial capture', () => {
  const authorized = () => paid({ status: 'aguardando_pagamento', capture: false, history: [] });

  it('captures a part: valor_capturado is that part and bounds every refund', () => {
    const move = transition(authorized(), {
      type: 'capture',
      outcome: { ok: true, reference },
      cents: 2500,
      at: LATER,
      by: 'capture',
    });
    expect(move.after).toMatchObject({ status: 'paga', capturedCents: 2500 });
    expect(toApiView(move.after)).toMatchObject({
      total: '100.00',
      valor_capturado: '25.00',
      valor_estornado: '0.00',
      estornos: [],
    });
    expect(remainingCents(move.after)).toBe(2500);
    expect(() => refundOf(move.after, refund(2501))).toThrow(/saldo a estornar \(25\.00\)/);
  });

  it('refuses more than the total, zero and fractions of a cent (409), before anything is decided', () => {
    for (const cents of [10_001, 0, -5, 12.5]) {
      expect(() =>
        transition(authorized(), { type: 'capture', outcome: { ok: true, reference }, cents, at: LATER, by: 'capture' }),
      ).toThrow(expect.objectContaining({ kind: 'transition_not_allowed' }));
    }
  });

  it('without cents captures the total (no capturedCents stored); a refused capture records none', () => {
    const whole = transition(authorized(), { type: 'capture', outcome: { ok: true, reference }, at: LATER, by: 'capture' });
    expect(whole.after.capturedCents).toBeUndefined();
    expect(toApiView(whole.after).valor_capturado).toBe('100.00');
    const refused = transition(authorized(), {
      type: 'capture',
      outcome: { ok: false, reason: 'capture_refused', reference },
      cents: 2500,
      at: LATER,
      by: 'capture',
    });
    expect(refused.after).toMatchObject({ status: 'negada' });
    expect(refused.after.capturedCents).toBeUndefined();
    expect(toApiView(refused.after)).not.toHaveProperty('valor_capturado');
  });
});

describe('partial and multiple refunds', () => {
  it('a refund below what remains leaves paga with one transacao.estorno; the one reaching the total cancels', () => {
    const first = refundOf(paid(), refund(3000));
    expect(first.after.status).toBe('paga');
    expect(first.events.map((e) => e.tipo)).toEqual(['transacao.estorno']);
    expect(first.guards).toContain('revision');
    expect(first.after.history).toHaveLength(1); // refunds are listed on their own; no status change, no history row
    expect(toApiView(first.after)).toMatchObject({ valor_estornado: '30.00', valor_capturado: '100.00' });
    const last = refundOf(first.after, refund(7000));
    expect(last.after.status).toBe('cancelada');
    expect(last.events.map((e) => e.tipo)).toEqual(['transacao.estorno', 'transacao.cancelada']);
    expect(last.after.history.at(-1)).toMatchObject({ status: 'cancelada', at: LATER });
    expect(toApiView(last.after).estornos).toEqual([
      { id: first.after.refunds?.[0]?.id, valor: '30.00', status: 'concluido', criado_em: LATER },
      { id: last.after.refunds?.[1]?.id, valor: '70.00', status: 'concluido', criado_em: LATER },
    ]);
    expect(() => refundOf(last.after, refund(1))).toThrow(/Só uma transação paga/);
  });

  it('em_processamento holds its amount without cancelling; settled concluido cancels, nao_realizado frees it', () => {
    const pending = refundOf(paid(), refund(10_000, 'em_processamento'));
    expect(pending.after.status).toBe('paga');
    expect(pending.events).toEqual([]); // its outcome is not known yet
    expect(toApiView(pending.after).valor_estornado).toBe('100.00');
    expect(() => refundOf(pending.after, refund(1))).toThrow(/Não há saldo a estornar/);
    const id = pending.after.refunds?.[0]?.id as string;

    const done = settle(pending.after, id, 'concluido');
    expect(done.after.status).toBe('cancelada');
    expect(done.events.map((e) => e.tipo)).toEqual(['transacao.estorno', 'transacao.cancelada']);

    const failed = settle(pending.after, id, 'nao_realizado');
    expect(failed.after.status).toBe('paga');
    expect(failed.events.map((e) => e.tipo)).toEqual(['transacao.estorno']);
    expect(toApiView(failed.after).valor_estornado).toBe('0.00');
    expect(remainingCents(failed.after)).toBe(10_000);
    expect(() => settle(failed.after, id, 'concluido')).toThrow(/já está nao_realizado/);
    expect(() => settle(failed.after, 'est_unknown', 'concluido')).toThrow(GatewayError);
  });

  it('a pending refund answered em_processamento again records the reference only: no event', () => {
    const pending = refundOf(paid(), refund(500, 'em_processamento'));
    const id = pending.after.refunds?.[0]?.id as string;
    const accepted = transition(pending.after, {
      type: 'refund_settled',
      refundId: id,
      status: 'em_processamento',
      reference: 'D12345',
      at: LATER,
      by: 'refund',
    });
    expect(accepted.events).toEqual([]);
    expect(accepted.after.refunds?.[0]).toMatchObject({ status: 'em_processamento', reference: 'D12345' });
  });

  it('boleto and unpaid transactions refuse refunds (409) as before', () => {
    const boleto = paid({ status: 'aguardando_pagamento', flow: 'boleto', method: 'boleto_bankA', authorized: false });
    expect(() => refundOf(boleto, refund(100))).toThrow(/boleto/);
    expect(() => refundOf(paid({ status: 'aguardando_pagamento' }), refund(100))).toThrow(/Só uma transação paga/);
    expect(() => refundOf(paid({ status: 'negada' }), refund(100))).toThrow(/Só uma transação paga/);
  });

  it('every move bumps the revision that refund writes are conditional on (absent on legacy items)', () => {
    const first = refundOf(paid(), refund(100));
    expect(first.before?.revision).toBeUndefined();
    expect(first.after.revision).toBe(1);
    expect(refundOf(first.after, refund(100)).after.revision).toBe(2);
  });

  it('a legacy cancelada (no refunds list) reads as refunded in full by one concluido refund', () => {
    const legacy = paid({
      status: 'cancelada',
      history: [
        { status: 'paga', at: AT, by: 'create' },
        { status: 'cancelada', at: LATER, by: 'refund' },
      ],
    });
    expect(refundedCents(legacy)).toBe(10_000);
    expect(remainingCents(legacy)).toBe(0);
    expect(toApiView(legacy)).toMatchObject({
      valor_capturado: '100.00',
      valor_estornado: '100.00',
      estornos: [{ id: LEGACY_REFUND_ID, valor: '100.00', status: 'concluido', criado_em: LATER }],
    });
    expect(toApiView(paid())).toMatchObject({ valor_estornado: '0.00', estornos: [] });
  });
});

describe('property: no sequence of refunds and answers gives back more than was captured', () => {
  it('holds for any captured amount and any interleaving of refunds, pending ones and their answers', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('refund' as const),
        cents: fc.integer({ min: -10, max: 12_000 }),
        status: fc.constantFrom<RefundStatus>('concluido', 'em_processamento', 'nao_realizado'),
      }),
      fc.record({
        kind: fc.constant('settle' as const),
        pick: fc.nat(),
        status: fc.constantFrom<RefundStatus>('concluido', 'nao_realizado'),
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(step, { maxLength: 40 }), (captured, steps) => {
        let t = paid({ capturedCents: captured, totalCents: 10_000 });
        for (const s of steps) {
          try {
            if (s.kind === 'refund') t = refundOf(t, refund(s.cents, s.status)).after;
            else {
              const pending = (t.refunds ?? []).filter((r) => r.status === 'em_processamento');
              const target = pending[s.pick % Math.max(1, pending.length)];
              if (target) t = settle(t, target.id, s.status).after;
            }
          } catch (error) {
            if (!(error instanceof GatewayError)) throw error;
          }
          const done = (t.refunds ?? []).filter((r) => r.status === 'concluido').reduce((a, r) => a + r.cents, 0);
          expect(refundedCents(t)).toBeLessThanOrEqual(captured);
          expect(done).toBeLessThanOrEqual(captured);
          expect(t.status).toBe(done === captured ? 'cancelada' : 'paga');
          expect(remainingCents(t)).toBe(captured - refundedCents(t));
        }
      }),
      { numRuns: 300 },
    );
  });
});
