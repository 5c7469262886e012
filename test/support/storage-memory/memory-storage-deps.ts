import { randomUUID } from 'node:crypto';
import type { BufferedRecord } from '../../../lib/storage/model/access-log-buffer';
import type { Principal } from '../../../lib/storage/model/principal';
import type { UsageEntry } from '../../../lib/storage/model/request-usage';
import type { StorageUser } from '../../../lib/storage/model/storage-user';
import type { StorageDeps } from '../../../lib/storage/store/storage-deps';
import { MemoryBlobStorage } from './memory-blob-storage';
import { MemoryBucketCatalog } from './memory-bucket-catalog';
import { memoryKeyProvider, memoryUserDirectory } from './memory-keys-and-users';
import { MemoryObjectCatalog } from './memory-object-catalog';
import { MemoryStorageState } from './memory-state';
import { MemoryUploadCatalog } from './memory-upload-catalog';
import { MemoryVersionCatalog } from './memory-version-catalog';

/** The storage use cases' ports in memory, with the state and blobs behind them for a test to inspect. */
export interface MemoryStorage {
  deps: StorageDeps;
  state: MemoryStorageState;
  blobs: MemoryBlobStorage;
  /** Moves the clock on (lock dates, If-Modified-Since, a new Last-Modified). */
  advance(ms: number): void;
}

export interface MemoryStorageOptions {
  /** Who grants and principals can name; `storageUser(id)` makes one. */
  users?: readonly StorageUser[];
  /** KMS key ids besides the SSE-S3 service key. */
  kmsKeyIds?: readonly string[];
  minPartBytes?: number;
  maxObjectBytes?: number;
  now?: Date;
}

export function memoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  const state = new MemoryStorageState();
  const blobs = new MemoryBlobStorage();
  let now = options.now?.getTime() ?? Date.parse('2026-03-01T12:00:00.000Z');
  const usage: UsageEntry[] = [];
  const logs = new Map<string, BufferedRecord[]>();
  const deps: StorageDeps = {
    buckets: new MemoryBucketCatalog(state),
    objects: new MemoryObjectCatalog(state),
    versions: new MemoryVersionCatalog(state),
    uploads: new MemoryUploadCatalog(state),
    blobs,
    kms: memoryKeyProvider(options.kmsKeyIds ?? []),
    users: memoryUserDirectory(options.users ?? []),
    usage: {
      record: async (entry) => void usage.push({ ...entry }),
      list: async (bucket) => usage.filter((entry) => entry.bucket === bucket),
    },
    accessLogs: {
      append: async (bucket, at, requestId, lines) => {
        const buffer = logs.get(bucket) ?? [];
        buffer.push(...lines.map((line, i) => ({ id: `${at.toISOString()}#${requestId}#${i}`, at: at.toISOString(), line })));
        logs.set(bucket, buffer);
      },
      oldest: async (bucket, limit) => (logs.get(bucket) ?? []).slice(0, limit),
      remove: async (bucket, ids) =>
        void logs.set(
          bucket,
          (logs.get(bucket) ?? []).filter((record) => !ids.includes(record.id)),
        ),
    },
    sseCustomerKeyOverHttp: true,
    now: () => new Date(now),
    newBlobId: randomUUID,
    maxObjectBytes: options.maxObjectBytes ?? 5 * 1024 * 1024,
    maxBucketsPerUser: 1000,
    minPartBytes: options.minPartBytes ?? 5,
    torrent: { maxBytes: 5 * 1024 ** 3 },
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { deps, state, blobs, advance };
}

/** A storage user with an e-mail address derived from its id. */
export const storageUser = (id: string): StorageUser => ({
  id,
  displayName: `${id}-name`,
  email: `${id}@example.com`,
  accessKey: `${id}AK`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A signed request's principal. */
export const signedBy = (user: StorageUser): Principal => ({ kind: 'user', user });
