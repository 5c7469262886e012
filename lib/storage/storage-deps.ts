import type { AccessLogBuffer } from './access-logs/access-log-buffer';
import type { UserDirectory } from './acl/resolve-acl';
import type { AuthFailureLimit } from './auth/auth-failure-limit';
import type { AccessKeyResolver } from './auth/request-authenticator';
import type { UsageMeter } from './billing/request-usage';
import type { BucketCatalog } from './buckets/bucket';
import type { KeyProvider } from './encryption/key-provider';
import type { BlobInventory } from './maintenance/blob-inventory';
import type { UploadCatalog } from './multipart/multipart-upload';
import type { NotificationSettings } from './notifications/notification-settings';
import type { BlobStorage } from './objects/blob-storage';
import type { ObjectCatalog } from './objects/object-record';
import type { RequestReader } from './requests/request-reads';
import type { TorrentSettings } from './torrent/torrent-settings';
import type { VersionCatalog } from './versions/object-version';

/** What the storage use cases need: the ports (users for ACL grants), the clock, id generation and the size limit. */
export interface StorageDeps {
  buckets: BucketCatalog;
  /** Server access log records waiting for delivery. */
  accessLogs: AccessLogBuffer;
  objects: ObjectCatalog;
  versions: VersionCatalog;
  /** Per-request usage, per payer, for billing. */
  usage: UsageMeter;
  /** Multipart uploads in progress and their parts. */
  uploads: UploadCatalog;
  blobs: BlobStorage;
  /** Wraps and unwraps the data keys of SSE-S3 and SSE-KMS objects. */
  kms: KeyProvider;
  /** SSE-C over plain HTTP: local stacks only (S3 and deployed stages refuse it). */
  sseCustomerKeyOverHttp: boolean;
  /** Grantees by id and e-mail. */
  users: UserDirectory;
  now: () => Date;
  newBlobId: () => string;
  /** The single-request cap: a PUT body, one part of a multipart upload. */
  maxObjectBytes: number;
  /** Buckets an owner may have unless its own limit says otherwise (RGW's rgw_user_max_buckets). */
  maxBucketsPerUser: number;
  /** S3's minimum size of every part of a multipart upload but the last (5 MiB; lower in tests). */
  minPartBytes: number;
  /** GetObjectTorrent: the largest object a torrent is made for, and the tracker torrents announce. */
  torrent: TorrentSettings;
  /** Topics and bucket notifications (DESIGN §7.9); none: the topic API answers NotImplemented (in-memory tests). */
  notifications?: NotificationSettings;
  /** Failed authentications per address and minute before SlowDown; none: unlimited (in-memory tests). */
  authFailures?: AuthFailureLimit;
}

/** The storage use cases' dependencies and what the S3 pipeline and the sweeper need beside them (storage-wiring.ts builds it). */
export interface StorageWiring {
  deps: StorageDeps;
  keys: AccessKeyResolver;
  /** What a request needs up front (access key, bucket, object), in one round trip. */
  reader: RequestReader;
  /** The blob bucket as an inventory, for the orphan sweeper. */
  inventory: BlobInventory;
}
