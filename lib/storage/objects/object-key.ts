import { StorageError } from '../model/errors';

/** S3 keys are 1 to 1,024 bytes of UTF-8. */
export function assertValidObjectKey(key: string): void {
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes === 0) throw new StorageError('InvalidArgument', 'Object key must not be empty');
  assertKeyFits(key);
  if (key.includes('\uFFFD')) throw new StorageError('InvalidObjectName', 'Object key is not valid UTF-8');
}

/**
 * A key longer than S3 allows names no object: KeyTooLongError for every operation (reads included), before
 * anything is looked up (DynamoDB refuses sort keys over 1,024 bytes with an error of its own).
 */
export function assertKeyFits(key: string): void {
  if (Buffer.byteLength(key, 'utf8') > 1024) throw new StorageError('KeyTooLongError');
}
