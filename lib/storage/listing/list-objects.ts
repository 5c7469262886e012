import type { ListedObject, ObjectCatalog } from '../model/object-record';

export interface ListQuery {
  prefix: string;
  delimiter?: string;
  maxKeys: number;
  /** Resume strictly after this key or common prefix (for versions: this index position). */
  after?: string;
  /** The object key `after` belongs to, when `after` is an index position rather than a key. */
  afterKey?: string;
}

export interface ListPage<T extends { key: string } = ListedObject> {
  contents: T[];
  commonPrefixes: string[];
  isTruncated: boolean;
  /** The last key or common prefix returned when truncated: NextMarker / the continuation point. */
  next?: string;
}

/** S3 and DynamoDB order keys by their UTF-8 bytes; JavaScript's `<` compares UTF-16 code units. */
export const compareUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Everything that starts with `prefix` sorts below this bound (keys are valid UTF-8, U+10FFFF is the largest code point). */
const pastPrefix = (prefix: string) => (Buffer.byteLength(prefix) + 4 <= 1024 ? `${prefix}\u{10FFFF}` : prefix);

/**
 * One page of a listing. Keys arrive from the index in UTF-8 byte order; a run of keys that rolls up
 * into one common prefix is skipped with a new query that starts past the prefix, so a page costs one
 * query plus at most one per common prefix, whatever the bucket's size.
 */
export async function listObjectsPage(objects: ObjectCatalog, bucket: string, query: ListQuery): Promise<ListPage> {
  return listIndexPage(
    (range, limit) => objects.page(bucket, range, limit),
    (item) => item.key,
    query,
  );
}

/** An index page: items in sort-key order, each with the key it belongs to (several per key for versions). */
export type IndexFetch<T> = (range: { after?: string; from?: string }, limit: number) => Promise<{ items: T[]; more: boolean }>;

/**
 * The listing walk over any index whose sort keys start with the object key: the objects (one item per
 * key) or the versions (`key\0seq`). `cursorOf` is an item's sort key, where the next query resumes.
 */
export async function listIndexPage<T extends { key: string }>(
  fetch: IndexFetch<T>,
  cursorOf: (item: T) => string,
  query: ListQuery,
): Promise<ListPage<T>> {
  const page: ListPage<T> = { contents: [], commonPrefixes: [], isTruncated: false };
  if (query.maxKeys === 0) return page;
  const rollUp = (key: string) => {
    if (query.delimiter === undefined || !key.startsWith(query.prefix)) return undefined;
    const at = key.indexOf(query.delimiter, query.prefix.length);
    return at < 0 ? undefined : key.slice(0, at + query.delimiter.length);
  };
  const afterKey = query.afterKey ?? query.after;
  let lastPrefix = afterKey === undefined ? undefined : rollUp(afterKey);
  let range: { after?: string; from?: string } =
    lastPrefix !== undefined
      ? { after: pastPrefix(lastPrefix) }
      : query.after !== undefined && compareUtf8(query.after, query.prefix) >= 0
        ? { after: query.after }
        : query.prefix !== ''
          ? { from: query.prefix }
          : {};
  let count = 0;
  for (;;) {
    const { items, more } = await fetch(range, Math.min(1000, query.maxKeys - count + 1));
    let lastSeen: string | undefined;
    for (const item of items) {
      lastSeen = cursorOf(item);
      if (!item.key.startsWith(query.prefix)) {
        if (compareUtf8(item.key, query.prefix) > 0) return page;
        continue;
      }
      if (lastPrefix !== undefined && item.key.startsWith(lastPrefix)) continue;
      const common = rollUp(item.key);
      if (count === query.maxKeys) return truncate(page);
      if (common !== undefined) {
        page.commonPrefixes.push(common);
        lastPrefix = common;
      } else {
        page.contents.push(item);
      }
      count++;
    }
    if (!more || lastSeen === undefined) return page;
    range = lastPrefix !== undefined && lastSeen.startsWith(lastPrefix) ? { after: pastPrefix(lastPrefix) } : { after: lastSeen };
  }
}

function truncate<T extends { key: string }>(page: ListPage<T>): ListPage<T> {
  const lastKey = page.contents.at(-1)?.key;
  const lastPrefix = page.commonPrefixes.at(-1);
  const next =
    lastKey === undefined
      ? lastPrefix
      : lastPrefix === undefined
        ? lastKey
        : compareUtf8(lastKey, lastPrefix) > 0
          ? lastKey
          : lastPrefix;
  return { ...page, isTruncated: true, next };
}
