import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adminUserKey,
  auditKey,
  auditSortKey,
  creationSortKey,
  deliveryKey,
  deliveryOutboxSortKey,
  deliverySortKey,
  eventOutboxSortKey,
  merchantKey,
  OUTBOX_SHARDS,
  outboxDueBound,
  outboxShardOf,
  parseAuditSortKey,
  parseCreationSortKey,
  parseDeliverySortKey,
  transactionKey,
  webhookKey,
} from '../../../../lib/gateway/table/gateway-table';

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const hex = (length: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`));

describe('the gateway table layout (one module owns every key)', () => {
  it('keeps the stored layout of every record', () => {
    expect(transactionKey(42)).toEqual({ PK: 'TX#42', SK: 'TX' });
    expect(merchantKey('m-a')).toEqual({ PK: 'MERCHANT#m-a', SK: 'MERCHANT' });
    expect(adminUserKey('a@b.example')).toEqual({ PK: 'ADMINUSER#a@b.example', SK: 'ADMINUSER' });
    expect(webhookKey('m-a', 'wh_1')).toEqual({ PK: 'MERCHANT#m-a#WEBHOOK', SK: 'wh_1' });
    expect(deliveryKey('m-a', 'k')).toEqual({ PK: 'MERCHANT#m-a#DELIVERY', SK: 'k' });
    expect(auditKey('m-a', 's')).toEqual({ PK: 'MERCHANT#m-a#AUDIT', SK: 's' });
    expect(auditKey(undefined, 's').PK).toBe('AUDIT#UNATTRIBUTED');
    const name = { eventAt: '2026-11-21T10:00:00.000Z', eventId: 'evt_ab', webhookId: 'wh_cd' };
    expect(deliverySortKey(name)).toBe('2026-11-21T10:00:00.000Z#evt_ab#wh_cd');
    expect(deliveryOutboxSortKey('2026-11-21T10:05:00.000Z', name)).toBe(
      '2026-11-21T10:05:00.000Z#2026-11-21T10:00:00.000Z#evt_ab#wh_cd',
    );
    expect(eventOutboxSortKey(name.eventAt, 'evt_ab')).toBe('2026-11-21T10:00:00.000Z#2026-11-21T10:00:00.000Z#evt_ab');
  });

  it('parses back every sort key it builds, and nothing else', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 999_999_999_999 }), (at, id) => {
        expect(parseCreationSortKey(creationSortKey(at, id))).toEqual({ createdAt: at, id });
      }),
    );
    fc.assert(
      fc.property(isoDate, hex(24), hex(24), (eventAt, e, w) => {
        const name = { eventAt, eventId: `evt_${e}`, webhookId: `wh_${w}` };
        expect(parseDeliverySortKey(deliverySortKey(name))).toEqual(name);
      }),
    );
    fc.assert(
      fc.property(isoDate, hex(12), (at, nonce) => {
        expect(parseAuditSortKey(auditSortKey(at, nonce))).toEqual({ at, nonce });
      }),
    );
    for (const text of ['', 'x', 'MERCHANT#m-b#TX', '2026-11-21T10:00:00.000Z#000000000000', '2026-11-21T10:00:00.000Z#42']) {
      expect(parseCreationSortKey(text)).toBeUndefined();
    }
    for (const text of ['', 'a#b', '2026-11-21T10:00:00.000Z#evt_1', '2026#evt_1#wh_2#x']) {
      expect(parseDeliverySortKey(text)).toBeUndefined();
    }
    expect(parseAuditSortKey('2026-11-21T10:00:00.000Z#xyz')).toBeUndefined();
  });

  it('puts a merchant in one outbox shard, and the due bound after every entry due by then', () => {
    fc.assert(
      fc.property(fc.string(), (merchantId) => {
        const shard = outboxShardOf(merchantId);
        expect(shard).toBe(outboxShardOf(merchantId));
        expect(shard).toBeGreaterThanOrEqual(0);
        expect(shard).toBeLessThan(OUTBOX_SHARDS);
      }),
    );
    const now = '2026-11-21T10:00:00.000Z';
    expect(eventOutboxSortKey(now, 'evt_z') < outboxDueBound(now)).toBe(true);
    expect(eventOutboxSortKey('2026-11-21T10:00:00.001Z', 'evt_a') < outboxDueBound(now)).toBe(false);
  });
});
