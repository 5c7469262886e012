import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * A blob bucket of its own on the test stack's s3rver, for an in-process container that writes thousands of blobs:
 * s3rver lists a bucket by walking its files, and a shared bucket that large makes other suites' listings slow and
 * exposed to blobs removed mid-walk (an InternalError from s3rver).
 */
export async function ownBlobBucket(s3: S3Client, label: string): Promise<string> {
  const name = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await s3.send(new CreateBucketCommand({ Bucket: name }));
  return name;
}
