import type { AccessLogBuffer } from '../model/access-log-buffer';
import type { BucketCatalog, BucketRecord } from '../model/bucket';
import type { KeyProvider } from '../model/key-provider';
import type { UploadCatalog } from '../model/multipart-upload';
import type { NotificationSettings } from '../model/notification-settings';
import type { ObjectCatalog } from '../model/object-record';
import type { VersionCatalog } from '../model/object-version';
import type { RequestReader } from '../model/request-reads';
import type { UsageMeter } from '../model/request-usage';
import type { AccessKeyResolver, UserDirectory } from '../model/storage-user';
import type { TorrentSettings } from '../model/torrent-settings';
import type { AuthFailureLimit } from './auth-failure-limit';
import type { BlobInventory } from './blob-inventory';
import type { BlobStorage } from './blob-storage';

/** A change's event as notifications name it (S3's names without `s3:`; notifications/event-names.ts groups them). */
export type ChangeEvent =
  | `ObjectCreated:${'Put' | 'Post' | 'Copy' | 'CompleteMultipartUpload'}`
  | `ObjectRemoved:${'Delete' | 'DeleteMarkerCreated'}`
  | `LifecycleExpiration:${'Delete' | 'DeleteMarkerCreated'}`;

/** Why a writer changes a key: the event and who asked. */
export interface ChangeCause {
  event: ChangeEvent;
  principalId: string;
}

/** What a committed change was, as its notification records tell it. */
export interface ChangeFacts extends ChangeCause {
  key: string;
  /** Created objects only. */
  size?: number;
  etag?: string;
  /** The version made or removed; absent for a bucket that never had versioning. */
  versionId?: string;
  /** The change's place in the key's order (a version seq's millisecond; the clock for unversioned keys). */
  orderMs: number;
}

/**
 * The records a change adds to its own DynamoDB transaction (bucket notifications' outbox, implemented in
 * notifications/change-notifications.ts and injected by storage-wiring.ts): the one seam the object, version and
 * delete writers call while building their commit. Empty when the bucket has no matching configuration.
 */
export type ChangeOutbox = (bucket: BucketRecord, change: ChangeFacts) => Record<string, unknown>[];

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
  /** The change outbox (bucket notifications); none: writes add nothing to their transactions. */
  changeOutbox?: ChangeOutbox;
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
