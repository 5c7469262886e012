import type { Grant, Owner } from './access-control';
import type { UploadChecksum } from './checksum-type';
import type { ObjectChecksum } from './object-checksum';
import type { ObjectEncryption } from './object-encryption';
import type { ObjectLock } from './object-lock';
import type { ObjectRecord } from './object-record';
import type { Tag } from './tag-set';

/** An upload in progress: what CreateMultipartUpload stored, applied to the object at completion. */
export interface MultipartUpload {
  bucket: string;
  key: string;
  uploadId: string;
  initiatorId: string;
  initiatorDisplayName: string;
  initiated: string;
  /** Creation or the last part written: the sweeper expires uploads idle for too long. */
  lastActivity: string;
  contentHeaders: ObjectRecord['contentHeaders'];
  userMetadata: Record<string, string>;
  acl: Grant[];
  /** The completed object's encryption, chosen at creation: every part is encrypted with its key. */
  encryption?: ObjectEncryption;
  /** The completed object's owner when it is not the initiator (the bucket owner, by the bucket's Object Ownership). */
  owner?: Owner;
  /** `x-amz-tagging` of the create, applied at completion. */
  tags?: Tag[];
  /** The x-amz-object-lock-* headers of the create, applied at completion (the bucket's default retention then, if none). */
  lock?: ObjectLock;
  /** `x-amz-checksum-algorithm` / `x-amz-checksum-type` of the create: every part gets a checksum, the object one of them. */
  checksum?: UploadChecksum;
  /** 'completing' while one CompleteMultipartUpload owns the parts: no part, abort or second complete gets in. */
  state: 'open' | 'completing';
}

/** One uploaded part: its own blob, its MD5 hex, its additional checksum when it has one. */
export interface UploadedPart {
  uploadId: string;
  partNumber: number;
  blobId: string;
  size: number;
  etag: string;
  lastModified: string;
  checksum?: ObjectChecksum;
}

/** Uploads and their parts in the storage table (port). */
export interface UploadCatalog {
  /** Creates the upload if the bucket is live. */
  create(upload: MultipartUpload): Promise<'created' | 'no-bucket'>;
  get(bucket: string, key: string, uploadId: string): Promise<MultipartUpload | undefined>;
  part(uploadId: string, partNumber: number): Promise<UploadedPart | undefined>;
  /**
   * Commits the part if the upload is still open and the part number still points at `expectedBlobId`
   * (undefined: no part yet), and marks the upload active.
   */
  putPart(
    upload: MultipartUpload,
    part: UploadedPart,
    expectedBlobId: string | undefined,
  ): Promise<'committed' | 'conflict' | 'no-upload'>;
  /** Up to `limit` parts in part-number order, after `afterPartNumber`. */
  parts(uploadId: string, afterPartNumber: number, limit: number): Promise<{ items: UploadedPart[]; more: boolean }>;
  allParts(uploadId: string): Promise<UploadedPart[]>;
  /** Moves the upload from one state to the other; false when it is gone or not in `from`. */
  setState(upload: MultipartUpload, from: MultipartUpload['state'], to: MultipartUpload['state']): Promise<boolean>;
  /** Removes the upload record (only in `state` when given); false when it was not there (or not in that state). */
  remove(upload: MultipartUpload, state?: MultipartUpload['state']): Promise<boolean>;
  removeParts(uploadId: string, partNumbers: number[]): Promise<void>;
  /** Uploads of a bucket in (key, upload id) order, for ListMultipartUploads; cursors are `uploadCursor`s. */
  page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: MultipartUpload[]; more: boolean }>;
  /** Uploads of every bucket idle since before `before` (ISO time). */
  idleSince(before: string): Promise<MultipartUpload[]>;
}

/** An upload's position in its bucket's upload index: the key, a NUL, the upload id (which sorts by initiation time). */
export const uploadCursor = (key: string, uploadId: string) => `${key}\u0000${uploadId}`;
