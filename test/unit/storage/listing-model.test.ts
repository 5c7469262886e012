import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareUtf8, listObjectsPage } from '../../../lib/storage/listing/list-objects';
import type { ListedObject, ObjectCatalog } from '../../../lib/storage/model/object-record';

/** An in-memory object index ordered as DynamoDB orders sort keys: by UTF-8 bytes. */
function memoryCatalog(keys: string[]): ObjectCatalog & { queries: number } {
  const sorted = [...new Set(keys)].sort(compareUtf8);
  const item = (key: string): ListedObject => ({
    key,
    size: 1,
    etag: 'e',
    lastModified: '',
    ownerId: 'o',
    ownerDisplayName: 'O',
  });
  const catalog = {
    queries: 0,
    get: async () => undefined,
    commit: async () => 'committed' as const,
    remove: async () => undefined,
    putSettings: async () => true,
    page: async (_bucket: string, range: { after?: string; from?: string }, limit: number) => {
      catalog.queries++;
      const rest = sorted.filter((key) =>
        range.after !== undefined
          ? compareUtf8(key, range.after) > 0
          : range.from !== undefined
            ? compareUtf8(key, range.from) >= 0
            : true,
      );
      return { items: rest.slice(0, limit).map(item), more: rest.length > limit };
    },
  };
  return catalog;
}

/** S3's listing semantics, written the obvious way over the whole key set. */
function model(keys: string[], prefix: string, delimiter: string | undefined): string[] {
  const out: string[] = [];
  for (const key of [...new Set(keys)].sort(compareUtf8)) {
    if (!key.startsWith(prefix)) continue;
    const at = delimiter === undefined ? -1 : key.indexOf(delimiter, prefix.length);
    const entry = at < 0 ? key : `${key.slice(0, at + delimiter!.length)}/CP`;
    if (out.at(-1) !== entry) out.push(entry);
  }
  return out;
}

const keyArb = fc
  .array(fc.constantFrom('a', 'b', '/', '-', 'é', '😀', '\uFFFF', ' ', '+'), { minLength: 1, maxLength: 6 })
  .map((chars) => chars.join(''));

describe('listing against a model (fast-check)', () => {
  it('paginates through exactly the model’s keys and common prefixes, in UTF-8 byte order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(keyArb, { maxLength: 40 }),
        fc.constantFrom('', 'a', 'a/', 'b', '😀'),
        fc.option(fc.constantFrom('/', '-', 'é'), { nil: undefined }),
        fc.integer({ min: 1, max: 7 }),
        async (keys, prefix, delimiter, maxKeys) => {
          const catalog = memoryCatalog(keys);
          const seen: string[] = [];
          let after: string | undefined;
          for (let pages = 0; pages < 100; pages++) {
            const page = await listObjectsPage(catalog, 'b', { prefix, delimiter, maxKeys, after });
            expect(page.contents.length + page.commonPrefixes.length).toBeLessThanOrEqual(maxKeys);
            const entries = [...page.contents.map((c) => c.key), ...page.commonPrefixes.map((p) => `${p}/CP`)].sort((x, y) =>
              compareUtf8(x.replace(/\/CP$/, ''), y.replace(/\/CP$/, '')),
            );
            seen.push(...entries);
            if (!page.isTruncated) break;
            after = page.next;
          }
          expect(seen).toEqual(model(keys, prefix, delimiter));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('costs a bounded number of queries per page however many keys roll up', async () => {
    const keys = Array.from({ length: 5000 }, (_, i) => `big/${String(i).padStart(5, '0')}`).concat(['a', 'z']);
    const catalog = memoryCatalog(keys);
    const page = await listObjectsPage(catalog, 'b', { prefix: '', delimiter: '/', maxKeys: 1000 });
    expect(page.contents.map((c) => c.key)).toEqual(['a', 'z']);
    expect(page.commonPrefixes).toEqual(['big/']);
    expect(catalog.queries).toBeLessThanOrEqual(3);
  });

  it('returns nothing for max-keys=0', async () => {
    const page = await listObjectsPage(memoryCatalog(['a']), 'b', { prefix: '', maxKeys: 0 });
    expect(page).toEqual({ contents: [], commonPrefixes: [], isTruncated: false });
  });
});
