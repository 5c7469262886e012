import type { UserDirectory } from './acl/resolve-acl';
import type { AuthFailureLimit } from './auth/auth-failure-limit';
import type { UsageMeter } from './billing/request-usage';
import type { BucketCatalog } from './buckets/bucket';
import type { UploadCatalog } from './multipart/multipart-upload';
import type { BlobStorage } from './objects/blob-storage';
import type { ObjectCatalog } from './objects/object-record';
import type { VersionCatalog } from './versions/object-version';

/** What the storage use cases need: the ports (users for ACL grants), the clock, id generation and the size limit. */
export interface StorageDeps {
  buckets: BucketCatalog;
  objects: ObjectCatalog;
  versions: VersionCatalog;
  /** Per-request usage, per payer, for billing. */
  usage: UsageMeter;
  /** Multipart uploads in progress and their parts. */
  uploads: UploadCatalog;
  blobs: BlobStorage;
  /** Grantees by id and e-mail. */
  users: UserDirectory;
  now: () => Date;
  newBlobId: () => string;
  /** The single-request cap: a PUT body, one part of a multipart upload. */
  maxObjectBytes: number;
  /** S3's minimum size of every part of a multipart upload but the last (5 MiB; lower in tests). */
  minPartBytes: number;
  /** Failed authentications per address and minute before SlowDown; none: unlimited (in-memory tests). */
  authFailures?: AuthFailureLimit;
}
