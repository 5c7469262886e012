import { describe, expect, it } from 'vitest';
import { ConnectionCache } from '../../../../lib/gateway/connections';

describe('ConnectionCache', () => {
  it('shares one build between concurrent first calls and keeps it for its TTL', async () => {
    let clock = 0;
    let builds = 0;
    const retired: number[] = [];
    const cache = new ConnectionCache<number>({ ttlMs: 100, now: () => clock, retire: (n) => retired.push(n) });
    const build = async () => ++builds;
    expect(await Promise.all([cache.get('m', build), cache.get('m', build)])).toEqual([1, 1]);
    clock = 99;
    expect(await cache.get('m', build)).toBe(1);
    clock = 100;
    expect(await cache.get('m', build)).toBe(2);
    await Promise.resolve();
    expect(retired).toEqual([1]);
    expect(await cache.clear()).toEqual([2]);
  });

  it('does not keep a failed build', async () => {
    const cache = new ConnectionCache<string>({ ttlMs: 1000 });
    await expect(cache.get('m', async () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await cache.get('m', async () => 'ok')).toBe('ok');
  });
});
