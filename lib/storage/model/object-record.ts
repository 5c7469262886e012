import type { Grant } from './access-control';
import type { ObjectChecksum } from './object-checksum';
import type { ObjectEncryption } from './object-encryption';
import type { ObjectLock } from './object-lock';
import type { Tag } from './tag-set';

/** Content headers S3 stores with an object and returns on GET/HEAD (and the website endpoint's redirect of an object). */
export const CONTENT_HEADERS = [
  'content-type',
  'content-encoding',
  'content-disposition',
  'content-language',
  'cache-control',
  'expires',
  'x-amz-website-redirect-location',
] as const;
export type ContentHeader = (typeof CONTENT_HEADERS)[number];

/**
 * An object's metadata. The bytes live in the blob bucket under `blobId` (opaque, never the client's
 * key). `versionId` is 'null' until versioning (next issue) gives objects real versions.
 */
export interface ObjectRecord {
  bucket: string;
  key: string;
  blobId: string;
  size: number;
  /** MD5 hex of the bytes, without quotes. */
  etag: string;
  lastModified: string;
  ownerId: string;
  ownerDisplayName: string;
  contentHeaders: Partial<Record<ContentHeader, string>>;
  /** x-amz-meta-* names (lower-cased, without the prefix) and values. */
  userMetadata: Record<string, string>;
  versionId: string;
  /** Undefined on records written before ACLs existed: `private`. */
  acl?: Grant[];
  /** The additional checksum (`x-amz-checksum-*`) the object was written with; none when the client sent none. */
  checksum?: ObjectChecksum;
  /** The object's tags (`x-amz-tagging`, `?tagging`); none when it never had any. */
  tags?: Tag[];
  /**
   * A completed multipart upload is a manifest: its bytes are these part blobs in order (`blobId` is the
   * first one's, so the record's identity for conditional commits stays a blob id no other record uses).
   */
  parts?: ManifestPart[];
  /** Server-side encryption of the bytes at rest (SSE-C, SSE-S3, SSE-KMS); none: plaintext. */
  encryption?: ObjectEncryption;
  /** The multipart upload a manifest came from: a second CompleteMultipartUpload of it answers as the first did. */
  uploadId?: string;
  /** Retention and legal hold of this version (object-lock buckets); undefined: not locked. */
  lock?: ObjectLock;
}

/**
 * One part of a multipart object: its blob and size (no per-part ETag: nothing reads it, and a manifest must fit in
 * one DynamoDB item, 400 KB). Records written before GetObjectAttributes have only those two.
 */
export interface ManifestPart {
  blobId: string;
  size: number;
  /** The part number it was uploaded as, kept only when it is not its position (1-based): most manifests need none. */
  partNumber?: number;
  /** Its checksum (base64) in the algorithm of the object's checksum, when the object has one. */
  checksum?: string;
}

/** The part number a manifest part was uploaded as. */
export const manifestPartNumber = (part: ManifestPart, index: number): number => part.partNumber ?? index + 1;

/** Every blob an object's bytes live in: removing the object removes all of them. */
export const blobIdsOf = (record: Pick<ObjectRecord, 'blobId' | 'parts'>): string[] =>
  record.parts ? record.parts.map((part) => part.blobId) : [record.blobId];

/** What PUT ?acl and PUT/DELETE ?tagging change on an existing object or version. */
export type ObjectSettings = Partial<Pick<ObjectRecord, 'acl' | 'tags'>>;

export interface ListedObject {
  key: string;
  /** Written through a versioned history (its versions are in the version index), not before versioning. */
  versioned?: boolean;
  size: number;
  etag: string;
  lastModified: string;
  ownerId: string;
  ownerDisplayName: string;
}

/** The object index (port): DynamoDB in ObjectRepository, in memory in unit tests. */
export interface ObjectCatalog {
  get(bucket: string, key: string): Promise<ObjectRecord | undefined>;
  /**
   * Commits the record if the key still points at `expectedBlobId` (undefined: no object) and the
   * bucket is live. 'conflict' means another writer won the race: read again and retry. `outbox`: items written in the
   * same transaction (the change's notification records, lib/storage/notifications/notification-outbox.ts).
   */
  commit(
    record: ObjectRecord,
    expectedBlobId: string | undefined,
    outbox?: readonly Record<string, unknown>[],
  ): Promise<'committed' | 'conflict' | 'no-bucket'>;
  /** Replaces settings (ACL, tags) of the object if the key still points at `blobId` (unversioned); false when it no longer does. */
  putSettings(bucket: string, key: string, blobId: string, settings: ObjectSettings): Promise<boolean>;
  /**
   * Removes the key and returns what it pointed at; 'versioned' when the key now belongs to a versioned history;
   * with `expectedBlobId`, only if the key still points at that blob ('conflict' otherwise). `outbox` as for commit
   * (written only when something is removed).
   */
  remove(
    bucket: string,
    key: string,
    expectedBlobId?: string,
    outbox?: readonly Record<string, unknown>[],
  ): Promise<ObjectRecord | undefined | 'versioned' | 'conflict'>;
  /** Up to `limit` objects in UTF-8 byte order of their keys, strictly after `after` (or from `from`, inclusive). */
  page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: ListedObject[]; more: boolean }>;
}
