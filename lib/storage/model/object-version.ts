import type { ObjectLock } from './object-lock';
import type { ObjectRecord, ObjectSettings } from './object-record';

/** One version of a key in a versioned bucket: an object or a delete marker. `versionId` is 'null' or `seq`. */
export interface ObjectVersion extends ObjectRecord {
  /** Sort position (newest first) and, for non-null versions, the public version id. */
  seq: string;
  deleteMarker: boolean;
}

/** Per key: the newest version, where the null version is, and a revision that serializes writers of the key. */
export interface KeyHead {
  latestSeq: string;
  nullSeq?: string;
  revision: number;
}

/**
 * One atomic change of a key's history, conditional on the head read before (optimistic concurrency)
 * and on the bucket being live and versioned. `current` is what ListObjects and plain GET see.
 */
export interface VersionChange {
  bucket: string;
  key: string;
  expectedHead?: KeyHead;
  /** Undefined: the key keeps no history (its last version was deleted). */
  head?: KeyHead;
  put: ObjectVersion[];
  /** Seqs of versions permanently removed. */
  remove: string[];
  /** The latest version when it is an object; null: no current object (latest is a marker, or none left); 'keep': unchanged. */
  current: ObjectVersion | null | 'keep';
  /** Items written in the same transaction: the change's notification records (notifications/notification-outbox.ts). */
  outbox?: readonly Record<string, unknown>[];
}

/** Versions in the storage table (port). */
export interface VersionCatalog {
  head(bucket: string, key: string): Promise<KeyHead | undefined>;
  get(bucket: string, key: string, seq: string): Promise<ObjectVersion | undefined>;
  /** The key's newest versions, newest first. */
  newest(bucket: string, key: string, limit: number): Promise<ObjectVersion[]>;
  apply(change: VersionChange): Promise<'committed' | 'conflict' | 'no-bucket'>;
  /** Up to `limit` versions of the bucket in (key, newest first) order, strictly after the `after` cursor or from `from`. */
  page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: ObjectVersion[]; more: boolean }>;
  /** Replaces one version's settings (ACL, tags), and the current item's when that version is the current object. False when it is gone. */
  putSettings(version: ObjectVersion, settings: ObjectSettings, isCurrent: boolean): Promise<boolean>;
  /**
   * Sets one version's lock (and the current item's when it is the current object), bumping the key's head
   * revision from `head`: a delete that read the version before this change fails its own head condition and
   * reads the lock again. False when the key changed since `head` was read.
   */
  putLock(version: ObjectVersion, lock: ObjectLock, head: KeyHead, isCurrent: boolean): Promise<boolean>;
  /** Every blob the key's versions point at (for the orphan sweeper). */
  blobIds(bucket: string, key: string): Promise<string[]>;
}

/** A version's position in the bucket's version index: the key, a NUL, then its seq. */
export const versionCursor = (key: string, seq: string) => `${key}\u0000${seq}`;

/** Version sort keys must fit DynamoDB's 1,024 bytes: keys of versioned buckets are at most this long. */
export const MAX_VERSIONED_KEY_BYTES = 1024 - 23;
