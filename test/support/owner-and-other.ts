import type { S3Client } from '@aws-sdk/client-s3';
import { beforeAll } from 'vitest';
import { newStorageUser, type StorageCredentials, sdkClient } from './storage-clients';

export interface OwnerAndOther {
  owner: StorageCredentials;
  other: StorageCredentials;
  /** The owner's and the other user's SDK clients (default settings, path style). */
  s3: S3Client;
  s3Other: S3Client;
}

/** Two fresh storage users for a test file, made before its tests run: a bucket owner and someone else. */
export function ownerAndOther(ownerLabel: string, otherLabel: string): OwnerAndOther {
  const users = {} as OwnerAndOther;
  beforeAll(async () => {
    users.owner = await newStorageUser(ownerLabel);
    users.other = await newStorageUser(otherLabel);
    users.s3 = sdkClient(users.owner);
    users.s3Other = sdkClient(users.other);
  });
  return users;
}
