import { parseHttpDate } from '../model/amz-date';
import { StorageError } from '../model/errors';

/**
 * Conditional writes and deletes, as Ceph RGW serves them (a superset of S3's): `If-None-Match` (`*` or ETags) and
 * `If-Match` on PutObject and CompleteMultipartUpload; `If-Match`, `x-amz-if-match-last-modified-time` and
 * `x-amz-if-match-size` on DeleteObject (and their per-key forms in DeleteObjects).
 */
export interface WriteConditions {
  ifMatch?: string;
  ifNoneMatch?: string;
  /** An HTTP date; compared to the second. */
  lastModifiedTime?: string;
  size?: number;
}

/** What a condition is judged against: the key's latest entry (a delete marker has no ETag and no size). */
export interface CurrentEntry {
  etag: string;
  lastModified: string;
  size: number;
  deleteMarker?: boolean;
}

/** A check run against the key's latest entry inside the commit's optimistic round, so it holds atomically with the change. */
export type WritePrecondition = (current: CurrentEntry | undefined) => void;

const tagsOf = (list: string) => list.split(',').map((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
const matches = (list: string, etag: string) => tagsOf(list).some((tag) => tag === '*' || tag === etag);
const failed = (condition: string) => new StorageError('PreconditionFailed', undefined, { Condition: condition });

/** The request's conditions, from its headers; undefined when it sets none. */
export function writeConditionsOf(headers: Readonly<Record<string, readonly string[]>>): WriteConditions | undefined {
  const header = (name: string) => headers[name]?.join(',');
  const size = header('x-amz-if-match-size');
  if (size !== undefined && !/^\d+$/.test(size.trim())) {
    throw new StorageError('InvalidArgument', 'x-amz-if-match-size must be a non-negative integer', {
      ArgumentName: 'x-amz-if-match-size',
    });
  }
  const conditions: WriteConditions = {
    ifMatch: header('if-match'),
    ifNoneMatch: header('if-none-match'),
    lastModifiedTime: header('x-amz-if-match-last-modified-time'),
    size: size === undefined ? undefined : Number(size),
  };
  return Object.values(conditions).some((value) => value !== undefined) ? conditions : undefined;
}

/**
 * For writes: a key whose latest version is a delete marker does not exist. `If-None-Match: *` (or a matching
 * ETag) on an existing key → 412; `If-Match` on a missing key → 404 NoSuchKey, on another ETag → 412.
 */
export function writePrecondition(conditions: WriteConditions | undefined, key: string): WritePrecondition | undefined {
  if (conditions === undefined) return undefined;
  return (latest) => {
    const current = latest?.deleteMarker ? undefined : latest;
    if (conditions.ifNoneMatch !== undefined && current && matches(conditions.ifNoneMatch, current.etag)) {
      throw failed('If-None-Match');
    }
    if (conditions.ifMatch !== undefined) {
      if (!current) throw new StorageError('NoSuchKey', undefined, { Key: key });
      if (!matches(conditions.ifMatch, current.etag)) throw failed('If-Match');
    }
  };
}

/**
 * For deletes (RGW): nothing to delete is no failure (the delete stays idempotent); otherwise every condition must
 * hold against the latest entry, a delete marker included (which only `If-Match: *` matches).
 */
export function deletePrecondition(conditions: WriteConditions | undefined): WritePrecondition | undefined {
  if (conditions === undefined) return undefined;
  return (latest) => {
    if (!latest) return;
    if (conditions.ifMatch !== undefined) {
      const tags = tagsOf(conditions.ifMatch);
      if (!tags.includes('*') && (latest.deleteMarker || !tags.includes(latest.etag))) throw failed('If-Match');
    }
    if (conditions.lastModifiedTime !== undefined) {
      const wanted = parseHttpDate(conditions.lastModifiedTime) ?? new Date(conditions.lastModifiedTime);
      const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
      if (latest.lastModified === '' || seconds(new Date(latest.lastModified)) !== seconds(wanted)) {
        throw failed('x-amz-if-match-last-modified-time');
      }
    }
    if (conditions.size !== undefined && (latest.deleteMarker || latest.size !== conditions.size)) {
      throw failed('x-amz-if-match-size');
    }
  };
}
