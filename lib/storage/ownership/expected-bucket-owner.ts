import type { BucketRecord } from '../model/bucket';
import { parseCopySource } from '../model/copy-source';
import { StorageError } from '../model/errors';
import { header, type S3Request } from '../requests/s3-request';

/**
 * `x-amz-expected-bucket-owner` (every bucket and object operation) and `x-amz-source-expected-bucket-owner` (the
 * source bucket of a copy): 403 AccessDenied when the bucket exists and its owner's id is another, so a client never
 * writes into, or reads from, a bucket someone else owns. A missing bucket is left to the operation (NoSuchBucket).
 */
export async function assertExpectedBucketOwners(
  request: S3Request,
  bucketNamed: (name: string) => Promise<BucketRecord | undefined>,
): Promise<void> {
  const checks: [string | undefined, string | undefined][] = [[request.bucket, header(request, 'x-amz-expected-bucket-owner')]];
  const copySource = header(request, 'x-amz-copy-source');
  const sourceOwner = header(request, 'x-amz-source-expected-bucket-owner');
  if (copySource !== undefined && sourceOwner !== undefined) checks.push([parseCopySource(copySource).bucket, sourceOwner]);
  for (const [name, expected] of checks) {
    if (name === undefined || expected === undefined) continue;
    const bucket = await bucketNamed(name);
    if (bucket && bucket.ownerId !== expected.trim()) throw new StorageError('AccessDenied');
  }
}
