import type { BlobOrigin, BlobStorage } from '../../../lib/storage/store/blob-storage';
import { roundTrip } from './memory-state';

/** The blob bucket in memory: bytes and their origin by blob id; a blob read or copied after its removal is gone. */
export class MemoryBlobStorage implements BlobStorage {
  readonly blobs = new Map<string, { bytes: Buffer; origin: BlobOrigin }>();

  async put(blobId: string, bytes: Buffer, origin: BlobOrigin): Promise<void> {
    await roundTrip();
    this.blobs.set(blobId, { bytes: Buffer.from(bytes), origin: { ...origin } });
  }

  async get(blobId: string, range?: { start: number; end: number }): Promise<Buffer | undefined> {
    await roundTrip();
    const blob = this.blobs.get(blobId);
    if (!blob) return undefined;
    // An HTTP range: both ends inclusive.
    return Buffer.from(range ? blob.bytes.subarray(range.start, range.end + 1) : blob.bytes);
  }

  async copy(fromBlobId: string, toBlobId: string, origin: BlobOrigin): Promise<boolean> {
    await roundTrip();
    const source = this.blobs.get(fromBlobId);
    if (!source) return false;
    this.blobs.set(toBlobId, { bytes: Buffer.from(source.bytes), origin: { ...origin } });
    return true;
  }

  async delete(blobId: string): Promise<void> {
    await roundTrip();
    this.blobs.delete(blobId);
  }
}
