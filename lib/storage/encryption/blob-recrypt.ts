import type { BlobCipher } from '../model/blob-cipher';
import type { BlobOrigin, BlobStorage } from '../store/blob-storage';

/** A blob's bytes as they go to the blob bucket: ciphertext under the object's cipher, the bytes themselves without one. */
export const atRest = (cipher: BlobCipher | undefined, blobId: string, bytes: Buffer): Buffer =>
  cipher ? cipher.crypt(blobId, 0, bytes) : bytes;

/**
 * A blob copy for a copy whose source or target is encrypted: the bytes are read, decrypted with the source's cipher
 * and encrypted under the target's (a blob's keystream depends on its id, so bytes are never copied as they are).
 * False when the source blob is gone.
 */
export const recryptingCopy =
  (blobs: Pick<BlobStorage, 'get' | 'put'>, ciphers: { source?: BlobCipher; target?: BlobCipher }) =>
  async (fromBlobId: string, toBlobId: string, origin: BlobOrigin): Promise<boolean> => {
    const bytes = await blobs.get(fromBlobId);
    if (!bytes) return false;
    const plaintext = ciphers.source ? ciphers.source.crypt(fromBlobId, 0, bytes) : bytes;
    await blobs.put(toBlobId, atRest(ciphers.target, toBlobId, plaintext), origin);
    return true;
  };
