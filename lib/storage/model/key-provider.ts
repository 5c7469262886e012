/** A fresh data key: the plaintext encrypts one object's blobs, the wrapped copy is what the record keeps. */
export interface DataKey {
  plaintext: Buffer;
  wrapped: string;
}

/**
 * The key service (port) that wraps object data keys (envelope encryption): KMS on AWS, keys sealed in the storage
 * table on local stages. `keyId` undefined is the stage's own SSE-S3 service key. An unknown key id is the
 * StorageError `KMS.NotFoundException`, as S3 answers it.
 */
export interface KeyProvider {
  generateDataKey(keyId: string | undefined, context?: Record<string, string>): Promise<DataKey>;
  decryptDataKey(keyId: string | undefined, wrapped: string, context?: Record<string, string>): Promise<Buffer>;
}
