import { describe, expect, it } from 'vitest';
import { BatchedUsageMeter } from '../../../../lib/storage/billing/batched-usage-meter';
import type { UsageEntry, UsageMeter } from '../../../../lib/storage/model/request-usage';

/** The counter store (port) in memory: every write kept, so a test sees how many the batch made. */
function memoryStore(options: { failNext?: number } = {}) {
  const writes: UsageEntry[] = [];
  let failures = options.failNext ?? 0;
  const store: UsageMeter & { writes: UsageEntry[] } = {
    writes,
    record: async (entry) => {
      if (failures > 0) {
        failures--;
        throw new Error('throttled');
      }
      writes.push({ ...entry });
    },
    list: async (bucket) => writes.filter((entry) => entry.bucket === bucket),
  };
  return store;
}

const entry = (payerId: string, bytesOut = 0, day = '2026-11-28'): UsageEntry => ({
  bucket: 'b',
  payerId,
  day,
  requests: 1,
  bytesIn: 0,
  bytesOut,
});

describe('batched usage meter', () => {
  it('writes nothing until the batch is old enough, then one addition per bucket × day × payer', async () => {
    let now = 0;
    const store = memoryStore();
    const meter = new BatchedUsageMeter(store, { flushMs: 60_000, maxRequests: 1000, now: () => now });
    for (let i = 0; i < 500; i++) await meter.record(entry(i % 2 === 0 ? 'owner' : 'requester', 10));
    await meter.record(entry('owner', 0, '2026-11-29'));
    expect(store.writes).toEqual([]);
    now = 60_000;
    await meter.record(entry('owner', 10));
    expect(store.writes).toEqual([
      { bucket: 'b', payerId: 'owner', day: '2026-11-28', requests: 251, bytesIn: 0, bytesOut: 2510 },
      { bucket: 'b', payerId: 'requester', day: '2026-11-28', requests: 250, bytesIn: 0, bytesOut: 2500 },
      { bucket: 'b', payerId: 'owner', day: '2026-11-29', requests: 1, bytesIn: 0, bytesOut: 0 },
    ]);
  });

  it('writes a full batch at once, however young, and each request at once when flushMs is 0', async () => {
    const store = memoryStore();
    const meter = new BatchedUsageMeter(store, { flushMs: 60_000, maxRequests: 100, now: () => 0 });
    for (let i = 0; i < 250; i++) await meter.record(entry('owner'));
    expect(store.writes.map((write) => write.requests)).toEqual([100, 100]);
    const eager = memoryStore();
    const direct = new BatchedUsageMeter(eager, { flushMs: 0, maxRequests: 100, now: () => 0 });
    await direct.record(entry('owner'));
    await direct.record(entry('owner'));
    expect(eager.writes.map((write) => write.requests)).toEqual([1, 1]);
  });

  it('keeps counts whose write failed for the next flush, without failing the request that carried it', async () => {
    let now = 0;
    const store = memoryStore({ failNext: 1 });
    const meter = new BatchedUsageMeter(store, { flushMs: 10, maxRequests: 1000, now: () => now });
    await meter.record(entry('owner', 5));
    now = 10;
    await expect(meter.record(entry('owner', 5))).resolves.toBeUndefined();
    expect(store.writes).toEqual([]);
    expect(await meter.list('b')).toEqual([
      { bucket: 'b', payerId: 'owner', day: '2026-11-28', requests: 2, bytesIn: 0, bytesOut: 10 },
    ]);
  });

  it('lists its own pending counts with the stored ones', async () => {
    const store = memoryStore();
    const meter = new BatchedUsageMeter(store, { flushMs: 60_000, maxRequests: 1000, now: () => 0 });
    await meter.record(entry('owner', 7));
    expect(await meter.list('b')).toEqual([
      { bucket: 'b', payerId: 'owner', day: '2026-11-28', requests: 1, bytesIn: 0, bytesOut: 7 },
    ]);
  });
});
