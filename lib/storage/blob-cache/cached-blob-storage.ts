import { LRUCache } from 'lru-cache';
import type { BlobOrigin, BlobStorage } from '../store/blob-storage';

/** Blobs up to this size are kept: small objects, whose GET is mostly the blob bucket's round trip. */
export const MAX_CACHED_BLOB_BYTES = 256 * 1024;

/**
 * The blob bucket behind a container's own cache of small blobs (docs/operations.md, "Blob cache"). Safe without any
 * invalidation because a blob id is written once: every write takes a fresh UUID, and nothing rewrites a blob in place.
 * A GET still reads the object's item first (strongly consistent), so only the bytes that item names come from here,
 * and a deleted or replaced object is never served. What is kept is what the bucket holds (ciphertext for an
 * encrypted object), filled by the writes and reads this container makes, least recently used evicted first.
 */
export class CachedBlobStorage implements BlobStorage {
  private readonly cache: LRUCache<string, Buffer>;

  constructor(
    private readonly store: BlobStorage,
    maxBytes: number,
  ) {
    this.cache = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      maxEntrySize: Math.min(MAX_CACHED_BLOB_BYTES, maxBytes),
      // An empty blob still takes an entry (lru-cache needs a positive size).
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
    });
  }

  async put(blobId: string, bytes: Buffer, origin: BlobOrigin): Promise<void> {
    await this.store.put(blobId, bytes, origin);
    this.keep(blobId, bytes);
  }

  async get(blobId: string, range?: { start: number; end: number }): Promise<Buffer | undefined> {
    const cached = this.cache.get(blobId);
    // A copy: what callers get is theirs to change.
    if (cached) return Buffer.from(range ? cached.subarray(range.start, range.end + 1) : cached);
    // A range of a blob not kept is read as asked: the whole blob may be large.
    if (range) return this.store.get(blobId, range);
    const bytes = await this.store.get(blobId);
    if (bytes) this.keep(blobId, bytes);
    return bytes;
  }

  async copy(fromBlobId: string, toBlobId: string, origin: BlobOrigin): Promise<boolean> {
    const copied = await this.store.copy(fromBlobId, toBlobId, origin);
    const cached = this.cache.get(fromBlobId);
    if (copied && cached) this.cache.set(toBlobId, cached); // the same bytes under the new id, shared
    return copied;
  }

  async delete(blobId: string): Promise<void> {
    this.cache.delete(blobId);
    await this.store.delete(blobId);
  }

  private keep(blobId: string, bytes: Buffer): void {
    // A copy of its own, so a caller that reuses its buffer cannot change what is kept; too large is not kept.
    if (bytes.length <= MAX_CACHED_BLOB_BYTES) this.cache.set(blobId, Buffer.from(bytes));
  }
}
