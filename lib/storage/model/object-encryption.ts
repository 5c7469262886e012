/**
 * How an object's bytes are encrypted at rest, as its record stores it. Never the key itself: SSE-C keeps the key's
 * MD5 (S3 returns it) and a salted HMAC to recognise it; SSE-S3 and SSE-KMS keep the object's data key wrapped under
 * the service key or the named KMS key (envelope encryption).
 */
export type ObjectEncryption =
  | { algorithm: 'SSE-C'; customerKeyMd5: string; customerKeyHmac: string }
  | { algorithm: 'AES256'; wrappedKey: string }
  | { algorithm: 'aws:kms'; kmsKeyId: string; wrappedKey: string; context?: string; bucketKeyEnabled?: boolean };

/** The headers S3 answers a write, GET or HEAD of an encrypted object with. */
export function encryptionResponseHeaders(encryption: ObjectEncryption | undefined): Record<string, string> {
  switch (encryption?.algorithm) {
    case undefined:
      return {};
    case 'SSE-C':
      return {
        'x-amz-server-side-encryption-customer-algorithm': 'AES256',
        'x-amz-server-side-encryption-customer-key-md5': encryption.customerKeyMd5,
      };
    case 'AES256':
      return { 'x-amz-server-side-encryption': 'AES256' };
    case 'aws:kms':
      return {
        'x-amz-server-side-encryption': 'aws:kms',
        'x-amz-server-side-encryption-aws-kms-key-id': encryption.kmsKeyId,
        ...(encryption.context === undefined ? {} : { 'x-amz-server-side-encryption-context': encryption.context }),
        ...(encryption.bucketKeyEnabled ? { 'x-amz-server-side-encryption-bucket-key-enabled': 'true' } : {}),
      };
  }
}

/** A record's `encryption` as DynamoDB returned it. */
export const toObjectEncryption = (value: unknown): { encryption?: ObjectEncryption } =>
  value === undefined || value === null ? {} : { encryption: value as ObjectEncryption };
