import { StorageError } from '../errors';

/** S3 keys are 1 to 1,024 bytes of UTF-8. */
export function assertValidObjectKey(key: string): void {
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes === 0) throw new StorageError('InvalidArgument', 'Object key must not be empty');
  if (bytes > 1024) throw new StorageError('KeyTooLongError');
  if (key.includes('\uFFFD')) throw new StorageError('InvalidObjectName', 'Object key is not valid UTF-8');
}
