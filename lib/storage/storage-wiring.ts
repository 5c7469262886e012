import { randomUUID } from 'node:crypto';
import type { AwsClients, ResourceNames } from '../aws';
import type { ServiceConfig } from '../config';
import { BatchedUsageMeter, USAGE_BATCH_MAX_REQUESTS } from './billing/batched-usage-meter';
import { CachedBlobStorage } from './blob-cache/cached-blob-storage';
import { secretBoxProvider } from './credentials/secret-box-provider';
import { AwsKmsKeyProvider } from './encryption/aws-kms-key-provider';
import { LocalKeyProvider } from './encryption/local-key-provider';
import type { KeyProvider } from './model/key-provider';
import { DEFAULT_MIN_PART_BYTES } from './model/multipart-rules';
import { notificationChangeOutbox } from './notifications/change-notifications';
import { TopicRepository } from './notifications/topic-repository';
import { AccessLogBufferRepository } from './store/access-log-buffer-repository';
import { AuthFailureRepository } from './store/auth-failure-repository';
import { BucketRepository } from './store/bucket-repository';
import { KmsKeyRepository } from './store/kms-key-repository';
import { ObjectRepository } from './store/object-repository';
import { PieceHashRepository } from './store/piece-hash-repository';
import { RequestReadRepository } from './store/request-read-repository';
import { S3BlobStore } from './store/s3-blob-store';
import type { StorageWiring } from './store/storage-deps';
import { StorageUserRepository } from './store/storage-user-repository';
import { UploadRepository } from './store/upload-repository';
import { UsageRepository } from './store/usage-repository';
import { VersionRepository } from './store/version-repository';

/**
 * The storage use cases wired to DynamoDB and the blob bucket. A wiring module: the storage and console functions build
 * it once at module scope (per container) and pass it in; scripts, tests and benchmarks build their own against any
 * stage. Nothing under lib/ imports it (.dependency-cruiser.cjs, lib-not-wiring).
 */
export function createStorageWiring(
  clients: Pick<AwsClients, 'documents' | 's3' | 'secrets' | 'kms'>,
  names: Pick<ResourceNames, 'storageTable' | 'blobBucket'>,
  config: Pick<
    ServiceConfig,
    | 'storageMaxObjectBytes'
    | 'storageSecretsKey'
    | 'storageAuthFailuresPerMinute'
    | 'storageKms'
    | 'storageSseCustomerKeyOverHttp'
    | 'storageMaxBucketsPerUser'
    | 'storageTorrentMaxBytes'
    | 'storageTorrentTracker'
    | 'storageUsageFlushSeconds'
    | 'storageBlobCacheMib'
    | 'webhookAllowPrivate'
    | 'region'
  >,
): StorageWiring {
  const blobs = new S3BlobStore(clients.s3, names.blobBucket);
  const box = secretBoxProvider(config.storageSecretsKey, clients.secrets);
  const users = new StorageUserRepository(clients.documents, names.storageTable, box);
  const kms: KeyProvider =
    config.storageKms.kind === 'local'
      ? new LocalKeyProvider(new KmsKeyRepository(clients.documents, names.storageTable, box))
      : new AwsKmsKeyProvider(clients.kms, config.storageKms.sseS3KeyId);
  return {
    inventory: blobs,
    deps: {
      buckets: new BucketRepository(clients.documents, names.storageTable),
      accessLogs: new AccessLogBufferRepository(clients.documents, names.storageTable),
      objects: new ObjectRepository(clients.documents, names.storageTable),
      versions: new VersionRepository(clients.documents, names.storageTable),
      uploads: new UploadRepository(clients.documents, names.storageTable),
      // Counted per container, written in batches (docs/operations.md, "Keys and scale").
      usage: new BatchedUsageMeter(new UsageRepository(clients.documents, names.storageTable), {
        flushMs: config.storageUsageFlushSeconds * 1000,
        maxRequests: USAGE_BATCH_MAX_REQUESTS,
        now: Date.now,
      }),
      // Small blobs are kept in the container's memory: a blob id is never rewritten (docs/operations.md, "Blob cache").
      blobs: config.storageBlobCacheMib > 0 ? new CachedBlobStorage(blobs, config.storageBlobCacheMib * 1024 * 1024) : blobs,
      kms,
      sseCustomerKeyOverHttp: config.storageSseCustomerKeyOverHttp,
      users,
      now: () => new Date(),
      newBlobId: randomUUID,
      changeOutbox: notificationChangeOutbox(config.region, () => new Date()),
      notifications: {
        topics: new TopicRepository(clients.documents, names.storageTable),
        region: config.region,
        allowPrivate: config.webhookAllowPrivate,
      },
      maxObjectBytes: config.storageMaxObjectBytes,
      maxBucketsPerUser: config.storageMaxBucketsPerUser,
      // S3's 5 MiB minimum part, unless one request cannot carry that much (deployed stages: ~4 MiB), where a smaller
      // minimum is the only way objects larger than one request can be assembled at all.
      minPartBytes: Math.min(DEFAULT_MIN_PART_BYTES, config.storageMaxObjectBytes),
      torrent: {
        maxBytes: config.storageTorrentMaxBytes,
        tracker: config.storageTorrentTracker,
        pieceCache: new PieceHashRepository(clients.documents, names.storageTable),
      },
      authFailures: {
        counter: new AuthFailureRepository(clients.documents, names.storageTable),
        perMinute: config.storageAuthFailuresPerMinute,
      },
    },
    keys: users,
    reader: new RequestReadRepository(clients.documents, names.storageTable, users),
  };
}
