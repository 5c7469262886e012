import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { BucketRecord } from '../../../../lib/storage/model/bucket';
import { type BucketCount, counterRefusal, maxBucketsOf } from '../../../../lib/storage/model/bucket-quota';
import { StorageError } from '../../../../lib/storage/model/errors';
import type { ObjectCatalog } from '../../../../lib/storage/model/object-record';
import type { Principal } from '../../../../lib/storage/model/principal';
import type { StorageDeps } from '../../../../lib/storage/store/storage-deps';
import { accountUsage, readStatsRequested, statBucketHeaders } from '../../../../lib/storage/usage/account-usage';
import { bucketStats } from '../../../../lib/storage/usage/bucket-stats';
import { usageXml } from '../../../../lib/storage/usage/usage-document';

/** Object sizes per bucket, served in key order by `page` as the object index does; every page call counted. */
function sizedObjects(buckets: Record<string, number[]>): ObjectCatalog & { pages: number } {
  const keyed = (bucket: string) => (buckets[bucket] ?? []).map((size, i) => ({ key: `k${String(i).padStart(6, '0')}`, size }));
  // The stats walk only pages; nothing else of the catalogue is reached.
  const catalog = {
    pages: 0,
    page: async (bucket: string, range: { after?: string }, limit: number) => {
      catalog.pages++;
      const rest = keyed(bucket).filter(({ key }) => range.after === undefined || key > range.after);
      return {
        items: rest
          .slice(0, limit)
          .map(({ key, size }) => ({ key, size, etag: '', lastModified: '', ownerId: 'o', ownerDisplayName: '' })),
        more: rest.length > limit,
      };
    },
  };
  return catalog as typeof catalog & ObjectCatalog;
}

const user = (id: string): Principal => ({
  kind: 'user',
  user: { id, displayName: id, email: '', accessKey: '', createdAt: '' },
});
const bucketOf = (name: string, ownerId: string) => ({ name, ownerId }) as BucketRecord;

function depsWith(objects: ObjectCatalog, owned: Record<string, string[]>, counts: Record<string, BucketCount> = {}) {
  return {
    objects,
    maxBucketsPerUser: 1000,
    buckets: {
      listByOwner: async (ownerId: string) => (owned[ownerId] ?? []).map((name) => bucketOf(name, ownerId)),
      bucketCount: async (ownerId: string) => counts[ownerId],
    },
  } as unknown as StorageDeps;
}

describe('the bucket limit rule', () => {
  it("applies the owner's own limit when set, else the stage's default", () => {
    expect(maxBucketsOf(undefined, 1000)).toBe(1000);
    expect(maxBucketsOf({ count: 3 }, 1000)).toBe(1000);
    expect(maxBucketsOf({ count: 3, maxBuckets: 5 }, 1000)).toBe(5);
  });

  it('reads a refused counter update as: no counter yet, at the limit, or a place freed since', () => {
    expect(counterRefusal(undefined, 10)).toBe('no-counter');
    expect(counterRefusal({ count: 10 }, 10)).toEqual({ limit: 10 });
    expect(counterRefusal({ count: 12 }, 10)).toEqual({ limit: 10 });
    expect(counterRefusal({ count: 9 }, 10)).toBe('retry');
    expect(counterRefusal({ count: 3, maxBuckets: 3 }, 1000)).toEqual({ limit: 3 });
    expect(counterRefusal({ count: 3, maxBuckets: 5 }, 2)).toBe('retry');
  });
});

describe('bucket stats', () => {
  it('counts and sums every current object, one bounded page after another', async () => {
    const sizes = Array.from({ length: 2500 }, (_, i) => i % 7);
    const objects = sizedObjects({ big: sizes });
    const stats = await bucketStats(objects, 'big');
    expect(stats.objects).toBe(2500);
    expect(stats.bytes).toBe(sizes.reduce((a, b) => a + b, 0));
    // Each object in whole 4 KiB blocks (RGW's size_rounded): empty objects take none.
    expect(stats.roundedBytes).toBe(sizes.filter((size) => size > 0).length * 4096);
    expect(objects.pages).toBe(3);
  });

  it('answers zeros for an empty bucket after one query', async () => {
    const objects = sizedObjects({});
    expect(await bucketStats(objects, 'empty')).toEqual({ objects: 0, bytes: 0, roundedBytes: 0 });
    expect(objects.pages).toBe(1);
  });
});

describe('HEAD bucket ?read-stats=true', () => {
  const deps = depsWith(sizedObjects({ b: [3, 4, 5] }), {}, { owner: { count: 1, maxBuckets: 7 } });

  it('reads `read-stats` as RGW reads a boolean', () => {
    for (const yes of ['true', 'TRUE', '1', 'yes']) expect(readStatsRequested(yes)).toBe(true);
    for (const no of [undefined, '', 'false', '0', 'no']) expect(readStatsRequested(no)).toBe(false);
  });

  it('gives the owner the counts and its bucket limit, anyone else the counts only; nothing without read-stats', async () => {
    expect(await statBucketHeaders(deps, user('owner'), bucketOf('b', 'owner'), true)).toEqual({
      'x-rgw-object-count': '3',
      'x-rgw-bytes-used': '12',
      'x-rgw-quota-max-buckets': '7',
    });
    expect(await statBucketHeaders(deps, user('reader'), bucketOf('b', 'owner'), true)).toEqual({
      'x-rgw-object-count': '3',
      'x-rgw-bytes-used': '12',
    });
    expect(await statBucketHeaders(deps, user('owner'), bucketOf('b', 'owner'), false)).toEqual({});
  });
});

describe('GET /?usage', () => {
  const deps = depsWith(sizedObjects({ a: [1, 2], c: [5000], other: [9] }), { me: ['c', 'a'], you: ['other'] });

  it("sums the caller's buckets only and names each, by name", async () => {
    const usage = await accountUsage(deps, user('me'));
    expect(usage.maxBuckets).toBe(1000);
    expect(usage.total).toEqual({ objects: 3, bytes: 5003, roundedBytes: 3 * 4096 + 4096 });
    expect(usage.buckets.map((bucket) => [bucket.name, bucket.stats.bytes])).toEqual([
      ['a', 3],
      ['c', 5000],
    ]);
  });

  it('refuses anonymous callers', async () => {
    const refused = await accountUsage(deps, { kind: 'anonymous' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageError);
    expect((refused as StorageError).code).toBe('AccessDenied');
  });

  it("answers RGW's Usage document: no namespace, the quota settings and the totals in Summary", async () => {
    const xml = usageXml(await accountUsage(deps, user('me')));
    expect(xml).not.toContain('xmlns');
    const document = new XMLParser({ parseTagValue: false }).parse(xml) as {
      Usage: { Summary: Record<string, string>; CapacityUsed: { User: { Buckets: { Entry: Record<string, string>[] } } } };
    };
    expect(document.Usage.Summary).toEqual({
      QuotaMaxBytes: '-1',
      QuotaMaxBuckets: '1000',
      QuotaMaxObjCount: '-1',
      QuotaMaxBytesPerBucket: '-1',
      QuotaMaxObjCountPerBucket: '-1',
      TotalBytes: '5003',
      TotalBytesRounded: String(4 * 4096),
      TotalEntries: '3',
    });
    expect(document.Usage.CapacityUsed.User.Buckets.Entry).toEqual([
      { Bucket: 'a', Bytes: '3', Bytes_Rounded: String(2 * 4096) },
      { Bucket: 'c', Bytes: '5000', Bytes_Rounded: String(2 * 4096) },
    ]);
  });

  it('answers an empty bucket list as empty elements', async () => {
    const xml = usageXml(await accountUsage(deps, user('nobody')));
    expect(xml).toContain('<Buckets></Buckets>');
    expect(xml).toContain('<TotalEntries>0</TotalEntries>');
  });
});
