import { describe, expect, it } from 'vitest';
import { SandboxAcquirer } from '../../../../lib/gateway/acquirers/sandbox-acquirer';
import { demoTransactions } from '../../../../lib/gateway/admin/demo/demo-transactions';
import { refusalFor } from '../../../../lib/gateway/domain/state-machine';

describe('demo transactions for seed:transactions', () => {
  it('are plausible: oldest first, unique order numbers, states each flow can reach, capturable ones capturable, no card number', async () => {
    let next = 500;
    const now = new Date('2026-11-21T12:00:00Z');
    const transactions = await demoTransactions(
      {
        merchant: { id: 'm-demo', name: 'Demo', acquirerAMode: 'loja_sem_autenticacao' },
        count: 600,
        days: 30,
        now,
        baseUrl: 'http://127.0.0.1:3000',
        nextId: async () => next++,
        newUuid: () => crypto.randomUUID(),
      },
      new SandboxAcquirer(),
    );
    expect(transactions).toHaveLength(600);
    const created = transactions.map((t) => t.createdAt);
    expect(created).toEqual([...created].sort());
    expect(Date.parse(created[0]!)).toBeGreaterThanOrEqual(now.getTime() - 30 * 86_400_000);
    expect(new Set(transactions.map((t) => t.orderNumber)).size).toBe(600);
    for (const t of transactions) {
      expect(t.history[0]).toMatchObject({ at: t.createdAt, by: 'create' });
      expect(t.history.at(-1)?.status).toBe(t.status);
      if (t.flow === 'boleto') expect(t.status).toBe('aguardando_pagamento');
      if (t.flow === 'card' && t.status === 'aguardando_pagamento') expect(refusalFor('capture', t)).toBeUndefined();
      if (t.flow !== 'card')
        expect(t.accessUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/v1\/(boleto|bankA_shopline|acquirerB_web)\//);
    }
    const statuses = new Set(transactions.map((t) => t.status));
    expect([...statuses].sort()).toEqual(['aguardando_pagamento', 'cancelada', 'negada', 'paga']);
    const dump = JSON.stringify(transactions);
    for (const pan of ['4242424242424242', '5555555555554444', '6362970000457021', '4000000000000002']) {
      expect(dump).not.toContain(pan);
    }
  });
});
