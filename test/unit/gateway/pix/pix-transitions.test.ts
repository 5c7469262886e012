import { describe, expect, it } from 'vitest';
import { isPixChargeOverdue, type PixCharge, pixDetalhes } from '../../../../lib/gateway/domain/pix-charge';
import { type Transaction, toApiView } from '../../../../lib/gateway/domain/transaction';
import { opened, transition } from '../../../../lib/gateway/domain/transition';
import { cobStatusOf } from '../../../../lib/gateway/pix/location-service/cob-of-transaction';
import { PIX_EXPIRY_SHARDS, pixExpiryKey, pixExpiryMinute, pixLocationKey } from '../../../../lib/gateway/table/gateway-table';
import { pixSideWrites } from '../../../../lib/gateway/transactions/pix-charge-items';
import type { PixExpiryMarker, PixExpiryStore, TransactionStore } from '../../../../lib/gateway/transactions/ports';
import { expirePixCharges } from '../../../../lib/gateway/use-cases/pix-expiry';
import { PIX_DETALHES_KEYS, PIX_VIEW_KEYS } from '../../../support/pix';

const AT = '2026-11-27T10:00:00.000Z';
const charge: PixCharge = {
  txid: 'abcdefghijklmnopqrstuvwxyz012345',
  brCode: '000201...6304ABCD',
  expiresAt: '2026-11-27T11:00:00.000Z',
  key: '7d9f0335-8dcc-4054-9bf9-0dbd61c26a1d',
  revision: 0,
  locationId: 'LOC0000000000000000000001',
};

function pixTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 123,
    merchantId: 'm-a',
    merchantName: 'Loja A',
    status: 'aguardando_pagamento',
    method: 'pix',
    flow: 'pix',
    orderNumber: '1',
    totalCents: 12345,
    currency: 'real',
    capture: true,
    installments: 1,
    operationType: 'credito_a_vista',
    authorized: false,
    pageUuid: '5f0c1c1e-0000-4000-8000-000000000001',
    accessUrl: 'https://pay.example/v1/pix/5f0c1c1e-0000-4000-8000-000000000001',
    pix: charge,
    history: [{ status: 'aguardando_pagamento', at: AT, by: 'create' }],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const E2E = 'E9999900820261127103099999999999';

describe('Pix transitions (domain)', () => {
  it('pix_paid: aguardando_pagamento → paga with e2eid and paidAt, a new revision, one transacao.paga event', () => {
    const move = transition(pixTransaction(), { type: 'pix_paid', e2eid: E2E, paidAt: AT, at: AT, by: 'sandbox' });
    expect(move.after).toMatchObject({
      status: 'paga',
      authorized: true,
      pix: { ...charge, e2eid: E2E, paidAt: AT, revision: 1 },
    });
    expect(move.events.map((event) => event.tipo)).toEqual(['transacao.paga']);
    expect(move.guards).toEqual(['status', 'authorized']);
    expect(toApiView(move.after).detalhes).toEqual({
      txid: charge.txid,
      br_code: charge.brCode,
      expira_em: charge.expiresAt,
      e2eid: E2E,
      data_pagamento: AT,
    });
  });

  it('pix_expire: aguardando_pagamento → negada, a new revision, transacao.negada', () => {
    const move = transition(pixTransaction(), { type: 'pix_expire', at: AT, by: 'expiry' });
    expect(move.after).toMatchObject({ status: 'negada', authorized: false, pix: { ...charge, revision: 1 } });
    expect(move.events.map((event) => event.tipo)).toEqual(['transacao.negada']);
  });

  it('refuses (409) a second settlement, and Pix moves on anything else; card moves are refused on Pix', () => {
    for (const status of ['paga', 'negada', 'cancelada'] as const) {
      expect(() => transition(pixTransaction({ status }), { type: 'pix_expire', at: AT, by: 'expiry' })).toThrow(
        /não está aguardando pagamento/,
      );
    }
    const card = pixTransaction({ method: 'acquirerB_ws', flow: 'card', pix: undefined });
    expect(() => transition(card, { type: 'pix_paid', e2eid: E2E, paidAt: AT, at: AT, by: 'x' })).toThrow(
      /não é uma cobrança Pix/,
    );
    expect(() =>
      transition(pixTransaction(), { type: 'capture', outcome: { ok: true } as never, at: AT, by: 'capture' }),
    ).toThrow();
  });

  it('the API view: url_acesso and detalhes in the documented order, nulls before payment', () => {
    const view = toApiView(pixTransaction());
    expect(Object.keys(view)).toEqual(PIX_VIEW_KEYS);
    expect(Object.keys(view.detalhes as object)).toEqual(PIX_DETALHES_KEYS);
    expect(pixDetalhes(charge)).toMatchObject({ e2eid: null, data_pagamento: null });
  });

  it('expiry rule: overdue from expira_em on, never once paid; cob status per transaction status', () => {
    expect(isPixChargeOverdue(charge, new Date('2026-11-27T10:59:59.999Z'))).toBe(false);
    expect(isPixChargeOverdue(charge, new Date('2026-11-27T11:00:00.000Z'))).toBe(true);
    expect(isPixChargeOverdue({ ...charge, paidAt: AT }, new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(['aguardando_pagamento', 'paga', 'negada', 'cancelada'].map((status) => cobStatusOf({ status } as never))).toEqual([
      'ATIVA',
      'CONCLUIDA',
      'REMOVIDA_PELO_PSP',
      'CONCLUIDA',
    ]);
  });
});

describe('Pix items beside the transaction (written in the same DynamoDB transaction)', () => {
  it('a new charge: its location pointer and its expiry marker, sharded by minute', () => {
    const writes = pixSideWrites('T', opened(pixTransaction({ history: [] }), AT));
    expect(writes).toEqual([
      {
        Put: {
          TableName: 'T',
          Item: { ...pixLocationKey(charge.locationId), kind: 'pixLocation', transactionId: 123 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: 'T',
          Item: {
            PK: 'PIXEXP#202611271100#3',
            SK: '2026-11-27T11:00:00.000Z#000000000123',
            kind: 'pixExpiry',
            transactionId: 123,
            merchantId: 'm-a',
          },
        },
      },
    ]);
    expect(pixExpiryMinute('2026-11-27T11:00:59.999Z')).toBe('202611271100');
    expect(new Set(Array.from({ length: 100 }, (_, id) => pixExpiryKey(AT, id).PK)).size).toBe(PIX_EXPIRY_SHARDS);
  });

  it('the move that ends the wait removes the marker; other moves and other methods write nothing', () => {
    const paid = transition(pixTransaction(), { type: 'pix_paid', e2eid: E2E, paidAt: AT, at: AT, by: 'sandbox' });
    expect(pixSideWrites('T', paid)).toEqual([{ Delete: { TableName: 'T', Key: pixExpiryKey(charge.expiresAt, 123) } }]);
    const card = pixTransaction({ method: 'acquirerB_ws', flow: 'card', pix: undefined });
    expect(pixSideWrites('T', opened(card, AT))).toEqual([]);
  });
});

describe('the expiry pass (in-memory store)', () => {
  function fakes(markers: PixExpiryMarker[], transactions: Transaction[]) {
    const queried: string[] = [];
    let checkpoint: string | undefined;
    const moved: string[] = [];
    const expiry: PixExpiryStore = {
      shards: PIX_EXPIRY_SHARDS,
      async due(minute, shard, nowIso) {
        queried.push(`${minute}#${shard}`);
        return markers.filter(
          (m) => pixExpiryKey(m.expiresAt, m.transactionId).PK === `PIXEXP#${minute}#${shard}` && m.expiresAt <= nowIso,
        );
      },
      async remove(marker) {
        markers.splice(markers.indexOf(marker), 1);
      },
      checkpoint: async () => checkpoint,
      async advance(minute) {
        if (checkpoint === undefined || checkpoint < minute) checkpoint = minute;
      },
    };
    const store = {
      getOfMerchant: async (merchantId: string, id: number) =>
        transactions.find((t) => t.id === id && t.merchantId === merchantId),
      // As the real store: the move and the marker's removal together.
      apply: async (move: { after: Transaction }) => {
        moved.push(`${move.after.id}:${move.after.status}`);
        transactions.splice(
          transactions.findIndex((t) => t.id === move.after.id),
          1,
          move.after,
        );
        markers.splice(
          markers.findIndex((m) => m.transactionId === move.after.id),
          1,
        );
        return { moved: true, transaction: move.after };
      },
    } as unknown as TransactionStore;
    return { expiry, store, queried, moved, checkpoint: () => checkpoint };
  }

  it('expires due charges only, reads each minute once after the first pass, and moves the checkpoint forward', async () => {
    const due = pixTransaction({ id: 1, pix: { ...charge, expiresAt: '2026-11-27T10:30:10.000Z' } });
    const later = pixTransaction({ id: 2, pix: { ...charge, expiresAt: '2026-11-27T10:30:50.000Z' } });
    const marker = (t: Transaction) => ({ transactionId: t.id, merchantId: t.merchantId, expiresAt: t.pix?.expiresAt as string });
    const f = fakes([marker(due), marker(later)], [due, later]);
    const deps = { store: f.store, expiry: f.expiry, now: () => new Date('2026-11-27T10:30:30.000Z') };
    expect(await expirePixCharges(deps)).toEqual({ minutes: 61, expired: 1 });
    expect(f.moved).toEqual(['1:negada']);
    expect(f.queried).toHaveLength(61 * PIX_EXPIRY_SHARDS);
    expect(f.checkpoint()).toBe('202611271029');
    f.queried.length = 0;
    deps.now = () => new Date('2026-11-27T10:31:05.000Z');
    expect(await expirePixCharges(deps)).toEqual({ minutes: 2, expired: 1 });
    expect(f.moved).toEqual(['1:negada', '2:negada']);
    expect(new Set(f.queried.map((q) => q.split('#')[0]))).toEqual(new Set(['202611271030', '202611271031']));
    expect(f.checkpoint()).toBe('202611271030');
  });
});
