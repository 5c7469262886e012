import { StorageError } from '../model/errors';

/** S3's general-purpose bucket naming rules; anything else is InvalidBucketName. */
export function assertValidBucketName(name: string): void {
  const valid =
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) &&
    !name.includes('..') &&
    !name.includes('.-') &&
    !name.includes('-.') &&
    !/^\d+\.\d+\.\d+\.\d+$/.test(name) &&
    !name.startsWith('xn--') &&
    !name.startsWith('sthree-') &&
    !name.endsWith('-s3alias') &&
    !name.endsWith('--ol-s3');
  if (!valid) throw new StorageError('InvalidBucketName', undefined, { BucketName: name });
}
