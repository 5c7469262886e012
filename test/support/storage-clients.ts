import { S3Client } from '@aws-sdk/client-s3';
import { generateAccessKeyPair } from '../../lib/storage';
import { testStack } from './stack';

export interface StorageCredentials {
  id: string;
  displayName: string;
  accessKey: string;
  secretKey: string;
}

/** A fresh storage user (unique per call), created through the repository the CLI uses. */
export async function newStorageUser(label: string): Promise<StorageCredentials> {
  const { stage } = testStack();
  const { accessKey, secretKey } = generateAccessKeyPair();
  const id = `${label}-${accessKey.slice(-8).toLowerCase()}`;
  const displayName = `User ${label}`;
  await stage.storageUsers.create({ id, displayName, email: `${id}@example.com`, accessKey, secretKey });
  return { id, displayName, accessKey, secretKey };
}

/** @aws-sdk/client-s3 with its default settings (CRC32 checksums, aws-chunked uploads, SigV4), path style. */
export function sdkClient(user: StorageCredentials, region = 'us-east-1'): S3Client {
  return new S3Client({
    endpoint: testStack().baseUrl,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: user.accessKey, secretAccessKey: user.secretKey },
  });
}

/** A bucket name nobody else in the run uses. */
export function uniqueBucket(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The S3 error code (the SDK's error name) a call fails with, or 'succeeded'. */
export async function s3ErrorName(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { name: string }).name;
  }
  return 'succeeded';
}
