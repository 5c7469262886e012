import { randomUUID } from 'node:crypto';
import { type AwsClients, awsClients, type ResourceNames, resourceNames } from '../aws';
import { type ServiceConfig, serviceConfig } from '../config';
import { AuthFailureRepository } from './auth/auth-failure-repository';
import type { AccessKeyResolver } from './auth/request-authenticator';
import { UsageRepository } from './billing/usage-repository';
import { BucketRepository } from './buckets/bucket-repository';
import { secretBoxProvider } from './credentials/secret-box-provider';
import type { BlobInventory } from './maintenance/blob-inventory';
import { DEFAULT_MIN_PART_BYTES } from './multipart/multipart-rules';
import { UploadRepository } from './multipart/upload-repository';
import { ObjectRepository } from './objects/object-repository';
import { S3BlobStore } from './objects/s3-blob-store';
import { RequestReadRepository } from './requests/request-read-repository';
import type { RequestReader } from './requests/request-reads';
import type { StorageDeps } from './storage-deps';
import { StorageUserRepository } from './users/storage-user-repository';
import { VersionRepository } from './versions/version-repository';

export interface StorageWiring {
  deps: StorageDeps;
  keys: AccessKeyResolver;
  /** What a request needs up front (access key, bucket, object), in one round trip. */
  reader: RequestReader;
  /** The blob bucket as an inventory, for the orphan sweeper. */
  inventory: BlobInventory;
}

/** The storage use cases wired to DynamoDB and the blob bucket. */
export function createStorageWiring(
  clients: Pick<AwsClients, 'documents' | 's3' | 'secrets'>,
  names: Pick<ResourceNames, 'storageTable' | 'blobBucket'>,
  config: Pick<ServiceConfig, 'storageMaxObjectBytes' | 'storageSecretsKey' | 'storageAuthFailuresPerMinute'>,
): StorageWiring {
  const blobs = new S3BlobStore(clients.s3, names.blobBucket);
  const users = new StorageUserRepository(
    clients.documents,
    names.storageTable,
    secretBoxProvider(config.storageSecretsKey, clients.secrets),
  );
  return {
    inventory: blobs,
    deps: {
      buckets: new BucketRepository(clients.documents, names.storageTable),
      objects: new ObjectRepository(clients.documents, names.storageTable),
      versions: new VersionRepository(clients.documents, names.storageTable),
      uploads: new UploadRepository(clients.documents, names.storageTable),
      usage: new UsageRepository(clients.documents, names.storageTable),
      blobs,
      users,
      now: () => new Date(),
      newBlobId: randomUUID,
      maxObjectBytes: config.storageMaxObjectBytes,
      // S3's 5 MiB minimum part, unless one request cannot carry that much (deployed stages: ~4 MiB), where a smaller
      // minimum is the only way objects larger than one request can be assembled at all.
      minPartBytes: Math.min(DEFAULT_MIN_PART_BYTES, config.storageMaxObjectBytes),
      authFailures: {
        counter: new AuthFailureRepository(clients.documents, names.storageTable),
        perMinute: config.storageAuthFailuresPerMinute,
      },
    },
    keys: users,
    reader: new RequestReadRepository(clients.documents, names.storageTable, users),
  };
}

let cached: StorageWiring | undefined;

/** This container's wiring, built once on first use. */
export function storageWiring(): StorageWiring {
  cached ??= createStorageWiring(awsClients(), resourceNames(), serviceConfig());
  return cached;
}
