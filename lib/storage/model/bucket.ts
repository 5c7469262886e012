import type { Grant } from './access-control';
import type { BucketLogging } from './bucket-logging';
import type { BucketCount } from './bucket-quota';
import type { CorsRule } from './cors-rules';
import type { BucketEncryption } from './default-encryption';
import type { LifecycleRule } from './lifecycle-rule';
import type { NotificationConfiguration } from './notification-configuration';
import type { BucketObjectLock } from './object-lock';
import type { ObjectOwnership } from './object-ownership';
import type { PublicAccessBlock } from './public-access-block';
import type { Tag } from './tag-set';
import type { WebsiteConfiguration } from './website-configuration';

/** A bucket's metadata; the optional fields are absent on buckets created before they existed. */
export interface BucketRecord {
  name: string;
  ownerId: string;
  ownerDisplayName: string;
  createdAt: string;
  /** LocationConstraint given at creation ('' = the default region, as S3 reports us-east-1). */
  location: string;
  /** Undefined: `private` (the owner's FULL_CONTROL). */
  acl?: Grant[];
  /** Undefined: never versioned (GET ?versioning reports no status); once set it is never unset, as in S3. */
  versioning?: 'Enabled' | 'Suspended';
  /**
   * True when the bucket held no object when versioning was first set: it has no object from before versioning (no
   * null version without a version item), so listing its versions reads the version index alone.
   */
  versionedWhenEmpty?: true;
  /** Undefined: BucketOwner pays. */
  requestPayer?: 'Requester';
  /** Undefined: no CORS configuration (preflights are refused). */
  cors?: CorsRule[];
  /** Undefined: no default encryption (`?encryption`). */
  encryption?: BucketEncryption;
  /** Undefined: no tag set (GET ?tagging → NoSuchTagSet). */
  tags?: Tag[];
  /** Undefined: no ownership controls (objects belong to their writer, as with ObjectWriter). */
  ownership?: ObjectOwnership;
  /** Undefined: no public access block. */
  publicAccessBlock?: PublicAccessBlock;
  /** Undefined: no object lock. Once set it is never unset, and versioning stays Enabled. */
  objectLock?: BucketObjectLock;
  /** Undefined: no bucket policy. The JSON document as it was put (GET ?policy answers it byte for byte). */
  policy?: string;
  /** Undefined: no lifecycle configuration (`?lifecycle`). */
  lifecycle?: LifecycleRule[];
  /** Undefined: no server access logging (`?logging`). */
  logging?: BucketLogging;
  /** Undefined: not a website (`?website`; the website endpoint answers NoSuchWebsiteConfiguration). */
  website?: WebsiteConfiguration;
  /** Undefined: no event notifications (`?notification`, lib/storage/notifications). */
  notification?: NotificationConfiguration;
}

/** What the bucket sub-resources (?acl, ?versioning, ?requestPayment, ?cors, ?encryption, ?tagging, ?ownershipControls, ?publicAccessBlock, ?object-lock, ?policy, ?lifecycle, ?logging) change (null: back to the default). */
export type BucketSettings = Partial<Pick<BucketRecord, 'acl' | 'versioning' | 'objectLock' | 'versionedWhenEmpty'>> & {
  requestPayer?: 'Requester' | null;
  cors?: CorsRule[] | null;
  encryption?: BucketEncryption | null;
  tags?: Tag[] | null;
  ownership?: ObjectOwnership | null;
  publicAccessBlock?: PublicAccessBlock | null;
  policy?: string | null;
  lifecycle?: LifecycleRule[] | null;
  logging?: BucketLogging | null;
  website?: WebsiteConfiguration | null;
  notification?: NotificationConfiguration | null;
};

/** A state a settings change requires atomically: lock needs versioning Enabled; suspending needs no lock. */
export type BucketCondition = 'versioning-enabled' | 'no-object-lock';

/** The bucket catalogue (port): implemented over DynamoDB by BucketRepository, in memory by tests. */
export interface BucketCatalog {
  get(name: string): Promise<BucketRecord | undefined>;
  /**
   * Creates the bucket unless the name is taken (returns the existing record) or its owner already has as many
   * buckets as its limit allows (its own, else `defaultLimit`), counted in the same transaction.
   */
  create(bucket: BucketRecord, defaultLimit: number): Promise<BucketCreation>;
  listByOwner(ownerId: string): Promise<BucketRecord[]>;
  /** The owner's bucket counter; undefined while it has none (no bucket created or deleted since counting began). */
  bucketCount(ownerId: string): Promise<BucketCount | undefined>;
  /** Deletes the bucket if it holds no object and no version, atomically with respect to concurrent PUTs; false when not empty. */
  deleteIfEmpty(name: string): Promise<'deleted' | 'not-empty' | 'missing'>;
  /** Changes settings of an existing bucket; false when it is gone (or fails `condition`, checked in the same write). */
  update(name: string, settings: BucketSettings, condition?: BucketCondition): Promise<boolean>;
  /** The buckets with this setting (a sparse index a scheduled pass reads; it may name buckets since gone). */
  withSetting(setting: IndexedSetting): Promise<string[]>;
}

export type BucketCreation =
  | { created: true }
  | { created: false; existing: BucketRecord }
  | { created: false; tooMany: { limit: number } };

/** The settings a scheduled pass applies to every bucket that has them: indexed, so the pass never reads every bucket. */
export const INDEXED_SETTINGS = ['lifecycle', 'logging'] as const;
export type IndexedSetting = (typeof INDEXED_SETTINGS)[number];
