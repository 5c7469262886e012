/** What a blob was written for (blob metadata): the object's bucket and key, and for a part its upload and part number. */
export interface BlobOrigin {
  bucket: string;
  key: string;
  uploadId?: string;
  partNumber?: number;
}

/** The blob bucket (port): object bytes under opaque ids. */
export interface BlobStorage {
  put(blobId: string, bytes: Buffer, origin: BlobOrigin): Promise<void>;
  /** The bytes (or a range of them), or undefined when the blob is gone (replaced and removed meanwhile). */
  get(blobId: string, range?: { start: number; end: number }): Promise<Buffer | undefined>;
  /** False when the source blob is gone. */
  copy(fromBlobId: string, toBlobId: string, origin: BlobOrigin): Promise<boolean>;
  delete(blobId: string): Promise<void>;
}
