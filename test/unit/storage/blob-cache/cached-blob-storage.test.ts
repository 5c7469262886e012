import { describe, expect, it } from 'vitest';
import { CachedBlobStorage, MAX_CACHED_BLOB_BYTES } from '../../../../lib/storage/blob-cache/cached-blob-storage';
import { MemoryBlobStorage } from '../../../support/storage-memory/memory-blob-storage';

const origin = { bucket: 'b', key: 'k' };

/** The in-memory blob bucket, counting the reads that reach it. */
class CountingBlobStorage extends MemoryBlobStorage {
  reads = 0;
  override async get(blobId: string, range?: { start: number; end: number }) {
    this.reads++;
    return super.get(blobId, range);
  }
}

const setup = (maxBytes = 1024 * 1024) => {
  const store = new CountingBlobStorage();
  return { store, blobs: new CachedBlobStorage(store, maxBytes) };
};

describe('the container blob cache', () => {
  it('serves a blob it wrote, and ranges of it, without reading the bucket', async () => {
    const { store, blobs } = setup();
    await blobs.put('a', Buffer.from('hello world'), origin);
    expect(store.blobs.get('a')?.bytes.toString()).toBe('hello world'); // written through
    expect((await blobs.get('a'))?.toString()).toBe('hello world');
    expect((await blobs.get('a', { start: 6, end: 10 }))?.toString()).toBe('world');
    expect(store.reads).toBe(0);
  });

  it('keeps a blob it read whole, and reads a range of a blob it does not hold as asked', async () => {
    const { store, blobs } = setup();
    await store.put('a', Buffer.from('0123456789'), origin);
    expect((await blobs.get('a', { start: 2, end: 3 }))?.toString()).toBe('23');
    expect((await blobs.get('a', { start: 4, end: 5 }))?.toString()).toBe('45');
    expect(store.reads).toBe(2);
    expect((await blobs.get('a'))?.toString()).toBe('0123456789');
    expect((await blobs.get('a'))?.toString()).toBe('0123456789');
    expect(store.reads).toBe(3);
  });

  it('does not keep a missing blob, and keeps nothing over the size limit', async () => {
    const { store, blobs } = setup();
    expect(await blobs.get('missing')).toBeUndefined();
    await store.put('missing', Buffer.from('late'), origin);
    expect((await blobs.get('missing'))?.toString()).toBe('late');
    const large = Buffer.alloc(MAX_CACHED_BLOB_BYTES + 1, 1);
    await blobs.put('large', large, origin);
    expect((await blobs.get('large'))?.equals(large)).toBe(true);
    expect((await blobs.get('large'))?.equals(large)).toBe(true);
    expect(store.reads).toBe(4);
  });

  it('evicts the least recently used blobs beyond its size', async () => {
    const { store, blobs } = setup(3000);
    for (const id of ['a', 'b', 'c']) await blobs.put(id, Buffer.alloc(1000, id), origin);
    await blobs.get('a'); // now the most recent
    await blobs.put('d', Buffer.alloc(1000, 'd'), origin); // evicts b
    expect(store.reads).toBe(0);
    await blobs.get('b');
    expect(store.reads).toBe(1);
    await blobs.get('a');
    await blobs.get('d');
    expect(store.reads).toBe(1);
  });

  it('hands out copies: neither a writer reusing its buffer nor a reader changing its bytes changes what is kept', async () => {
    const { blobs } = setup();
    const body = Buffer.from('original');
    await blobs.put('a', body, origin);
    body.write('XXXXXXXX');
    const read = (await blobs.get('a'))!;
    read.write('YYYYYYYY');
    expect((await blobs.get('a'))?.toString()).toBe('original');
  });

  it('forgets a deleted blob, keeps a copy under its new id, and keeps nothing whose write failed', async () => {
    const { store, blobs } = setup();
    await blobs.put('a', Buffer.from('bytes'), origin);
    expect(await blobs.copy('a', 'b', origin)).toBe(true);
    await blobs.delete('a');
    expect(await blobs.get('a')).toBeUndefined();
    expect((await blobs.get('b'))?.toString()).toBe('bytes');
    expect(store.reads).toBe(1); // the deleted one only
    store.put = async () => {
      throw new Error('blob bucket down');
    };
    await expect(blobs.put('c', Buffer.from('never'), origin)).rejects.toThrow('blob bucket down');
    expect(await blobs.get('c')).toBeUndefined();
  });
});
