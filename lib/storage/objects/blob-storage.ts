/** The blob bucket (port): object bytes under opaque ids. */
export interface BlobStorage {
  put(blobId: string, bytes: Buffer, origin: { bucket: string; key: string }): Promise<void>;
  /** The bytes (or a range of them), or undefined when the blob is gone (replaced and removed meanwhile). */
  get(blobId: string, range?: { start: number; end: number }): Promise<Buffer | undefined>;
  /** False when the source blob is gone. */
  copy(fromBlobId: string, toBlobId: string, origin: { bucket: string; key: string }): Promise<boolean>;
  delete(blobId: string): Promise<void>;
}
