import { describe, expect, it } from 'vitest';
import type { AcquirerReference } from '../../../lib/gateway/acquirers/acquirer';
import { summariseCard } from '../../../lib/gateway/domain/card';
import type { Transaction } from '../../../lib/gateway/domain/transaction';
import { opened, transition } from '../../../lib/gateway/domain/transition';

const AT = '2026-11-21T10:00:00.000Z';
const LATER = '2026-11-21T10:05:00.000Z';
const reference: AcquirerReference = { tid: 't1', nsu: 'n1', authorizationCode: 'a1', returnCode: '00' } as AcquirerReference;
const card = summariseCard('4242424242424242', 'visa');

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 7,
    merchantId: 'm-a',
    merchantName: 'Loja A',
    status: 'aguardando_pagamento',
    method: 'acquirerA',
    flow: 'card',
    orderNumber: '1',
    totalCents: 1000,
    currency: 'real',
    capture: false,
    installments: 1,
    operationType: 'credito_a_vista',
    authorized: true,
    acquirerReference: reference,
    card,
    history: [{ status: 'aguardando_pagamento', at: AT, by: 'create' }],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

describe('transition(transaction, command): pure, the new transaction and its events', () => {
  it('a capture pays the transaction, records who did it, and is one event; the input is untouched', () => {
    const before = transaction();
    const frozen = structuredClone(before);
    const move = transition(before, { type: 'capture', outcome: { ok: true, reference }, at: LATER, by: 'capture' });
    expect(move.before).toBe(before);
    expect(move.after).toMatchObject({ status: 'paga', authorized: true, updatedAt: LATER });
    expect(move.after.history.at(-1)).toEqual({ status: 'paga', at: LATER, by: 'capture' });
    expect(move.events).toEqual([{ tipo: 'transacao.paga', at: LATER, transaction: move.after }]);
    expect(move.guards).toEqual(['status', 'authorized']);
    expect(before).toEqual(frozen);
  });

  it('a refused capture denies it; a refund of everything cancels a paid one; one over what remains is a 409', () => {
    const denied = transition(transaction(), {
      type: 'capture',
      outcome: { ok: false, reason: 'declined', reference } as never,
      at: LATER,
      by: 'capture',
    });
    expect(denied.after.status).toBe('negada');
    const paid = transaction({ status: 'paga' });
    const refund = { id: 'est_1', cents: 1000, status: 'concluido' as const, createdAt: LATER, by: 'admin:a@b.example' };
    const refunded = transition(paid, { type: 'refund', refund, at: LATER, by: 'admin:a@b.example' });
    expect(refunded.after.status).toBe('cancelada');
    expect(refunded.events.map((event) => event.tipo)).toEqual(['transacao.estorno', 'transacao.cancelada']);
    expect(() => transition(paid, { type: 'refund', refund: { ...refund, cents: 1001 }, at: LATER, by: 'refund' })).toThrow(
      expect.objectContaining({ kind: 'transition_not_allowed' }),
    );
  });

  it('refuses what the state machine refuses, before anything is decided', () => {
    expect(() =>
      transition(transaction({ status: 'paga' }), {
        type: 'capture',
        outcome: { ok: true, reference },
        at: LATER,
        by: 'capture',
      }),
    ).toThrow(expect.objectContaining({ kind: 'transition_not_allowed' }));
    expect(() =>
      transition(transaction(), {
        type: 'refund',
        refund: { id: 'est_1', cents: 100, status: 'concluido', createdAt: LATER, by: 'refund' },
        at: LATER,
        by: 'refund',
      }),
    ).toThrow(expect.objectContaining({ kind: 'transition_not_allowed' }));
  });

  it('an authorization that leaves the transaction waiting (capturar=false) is history but no event', () => {
    const page = transaction({ flow: 'redirect', authorized: false, card: undefined, acquirerReference: undefined });
    const move = transition(page, {
      type: 'authorize',
      outcome: { approved: true, captured: false, reference },
      card,
      at: LATER,
      by: 'buyer',
    });
    expect(move.after).toMatchObject({ status: 'aguardando_pagamento', authorized: true, card });
    expect(move.after.history).toHaveLength(2);
    expect(move.events).toEqual([]);
  });

  it('a new transaction opens with its first status as history and as an event', () => {
    const created = opened(transaction({ history: [] }), AT);
    expect(created.before).toBeUndefined();
    expect(created.after.history).toEqual([{ status: 'aguardando_pagamento', at: AT, by: 'create' }]);
    expect(created.events).toEqual([{ tipo: 'transacao.aguardando_pagamento', at: AT, transaction: created.after }]);
  });
});
