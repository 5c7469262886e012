import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlobCipher } from '../model/blob-cipher';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import type { KeyProvider } from '../model/key-provider';
import type { ObjectEncryption } from '../model/object-encryption';
import { type CustomerKey, decodeContext, type RequestedEncryption, requestedEncryption } from './sse-headers';

/** What the encryption use cases need from the storage wiring. */
export interface EncryptionDeps {
  kms: KeyProvider;
  /** SSE-C over plain HTTP: local stacks only (S3 refuses it). */
  sseCustomerKeyOverHttp: boolean;
}

/** A new object's (or upload's) encryption as its record keeps it, and the cipher of its blobs. */
export interface SealedWrite {
  encryption: ObjectEncryption;
  cipher: BlobCipher;
}

type Headers = Readonly<Record<string, readonly string[]>>;

/**
 * The encryption of a new object: what the request's headers ask for, else the bucket's default; undefined for a
 * plaintext object. Every refusal (bad headers, an unknown KMS key) happens here, before any blob is written.
 */
export async function encryptionForWrite(
  deps: EncryptionDeps,
  bucket: Pick<BucketRecord, 'encryption'>,
  headers: Headers,
): Promise<SealedWrite | undefined> {
  const fallback = bucket.encryption;
  let requested: RequestedEncryption | undefined = requestedEncryption(headers, deps.sseCustomerKeyOverHttp);
  if (requested?.algorithm === 'aws:kms' && requested.kmsKeyId === undefined) {
    // S3 falls back on the bucket's default KMS key, then on its AWS managed key; this service has no managed key.
    const kmsKeyId = fallback?.algorithm === 'aws:kms' ? fallback.kmsKeyId : undefined;
    if (kmsKeyId === undefined) {
      throw new StorageError('InvalidArgument', 'x-amz-server-side-encryption-aws-kms-key-id is required with aws:kms', {
        ArgumentName: 'x-amz-server-side-encryption-aws-kms-key-id',
      });
    }
    requested = { ...requested, kmsKeyId };
  }
  requested ??= fallback && { ...fallback };
  return requested ? seal(deps.kms, requested) : undefined;
}

async function seal(kms: KeyProvider, requested: RequestedEncryption): Promise<SealedWrite> {
  switch (requested.algorithm) {
    case 'SSE-C': {
      const { key, keyMd5 } = requested.customerKey;
      return {
        encryption: { algorithm: 'SSE-C', customerKeyMd5: keyMd5, customerKeyHmac: saltedHmac(key, randomBytes(16)) },
        cipher: new BlobCipher(key),
      };
    }
    case 'AES256': {
      const dataKey = await kms.generateDataKey(undefined);
      return { encryption: { algorithm: 'AES256', wrappedKey: dataKey.wrapped }, cipher: new BlobCipher(dataKey.plaintext) };
    }
    case 'aws:kms': {
      const kmsKeyId = requested.kmsKeyId!;
      const dataKey = await kms.generateDataKey(kmsKeyId, decodeContext(requested.context));
      return {
        encryption: {
          algorithm: 'aws:kms',
          kmsKeyId,
          wrappedKey: dataKey.wrapped,
          ...(requested.context === undefined ? {} : { context: requested.context }),
          ...(requested.bucketKeyEnabled ? { bucketKeyEnabled: true } : {}),
        },
        cipher: new BlobCipher(dataKey.plaintext),
      };
    }
  }
}

/** `salt.hmac` (base64url): recognises a customer key without storing anything it could be recovered from. */
function saltedHmac(key: Buffer, salt: Buffer): string {
  return `${salt.toString('base64url')}.${createHmac('sha256', salt).update(key).digest('base64url')}`;
}

function isSameCustomerKey(stored: string, key: Buffer): boolean {
  const [salt = '', hmac = ''] = stored.split('.');
  const expected = Buffer.from(hmac, 'base64url');
  const actual = createHmac('sha256', Buffer.from(salt, 'base64url')).update(key).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Reading an object, or adding a part to an upload (whose SSE-C key must be the one the upload was created with). */
export type KeyUse = 'object' | 'upload';

/**
 * Checks the customer key a request carries against what the object (or upload) is encrypted with, as S3 does: an
 * SSE-C object needs its key (400 without, 403 with another), anything else refuses one. Nothing is unwrapped here,
 * so HEAD costs no KMS call.
 */
export function assertKeyFits(encryption: ObjectEncryption | undefined, customerKey: CustomerKey | undefined, use: KeyUse): void {
  if (encryption?.algorithm !== 'SSE-C') {
    if (customerKey) throw new StorageError('InvalidRequest', 'The encryption parameters are not applicable to this object.');
    return;
  }
  if (!customerKey) {
    throw new StorageError(
      'InvalidRequest',
      use === 'object'
        ? 'The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.'
        : 'The multipart upload initiate requested encryption. Subsequent part requests must include the appropriate encryption parameters.',
    );
  }
  if (!isSameCustomerKey(encryption.customerKeyHmac, customerKey.key)) {
    throw use === 'object'
      ? new StorageError('AccessDenied', 'The provided SSE-C key does not match the key the object was encrypted with.')
      : new StorageError('InvalidRequest', 'The provided encryption parameters did not match the ones used originally.');
  }
}

/** The cipher of an object's (or upload's) blobs, after assertKeyFits; undefined for plaintext. */
export async function cipherOf(
  kms: KeyProvider,
  encryption: ObjectEncryption | undefined,
  customerKey: CustomerKey | undefined,
): Promise<BlobCipher | undefined> {
  switch (encryption?.algorithm) {
    case undefined:
      return undefined;
    case 'SSE-C':
      return new BlobCipher(customerKey!.key);
    case 'AES256':
      return new BlobCipher(await kms.decryptDataKey(undefined, encryption.wrappedKey));
    case 'aws:kms':
      return new BlobCipher(
        await kms.decryptDataKey(encryption.kmsKeyId, encryption.wrappedKey, decodeContext(encryption.context)),
      );
  }
}

/** assertKeyFits, then cipherOf. */
export async function openCipher(
  kms: KeyProvider,
  encryption: ObjectEncryption | undefined,
  customerKey: CustomerKey | undefined,
  use: KeyUse,
): Promise<BlobCipher | undefined> {
  assertKeyFits(encryption, customerKey, use);
  return cipherOf(kms, encryption, customerKey);
}
