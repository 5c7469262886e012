/** A bucket's default encryption (`?encryption`): applied to new objects whose write names none. */
export interface BucketEncryption {
  algorithm: 'AES256' | 'aws:kms';
  kmsKeyId?: string;
  bucketKeyEnabled?: boolean;
}
