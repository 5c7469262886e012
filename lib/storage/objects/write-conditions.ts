import { StorageError } from '../errors';
import type { ObjectRecord } from './object-record';

/** Conditional writes (`If-None-Match: *`, `If-Match: <etag>`) on PutObject, CopyObject, CompleteMultipartUpload and DeleteObject. */
export interface WriteConditions {
  ifMatch?: string;
  ifNoneMatch?: '*';
}

/** A check run against the key's current object inside the commit's optimistic loop, so it holds atomically with the write. */
export type WritePrecondition = (current: ObjectRecord | undefined) => void;

const stripTag = (tag: string) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/** The request's write conditions; S3 accepts only `*` in If-None-Match on writes. */
export function writeConditionsOf(headers: Readonly<Record<string, readonly string[]>>): WriteConditions | undefined {
  const ifMatch = headers['if-match']?.join(',');
  const ifNoneMatch = headers['if-none-match']?.join(',');
  if (ifMatch === undefined && ifNoneMatch === undefined) return undefined;
  if (ifNoneMatch !== undefined && ifNoneMatch.trim() !== '*') {
    throw new StorageError('NotImplemented', 'If-None-Match on a write accepts only "*" (the key must not exist).', {
      Header: 'If-None-Match',
    });
  }
  return { ...(ifMatch === undefined ? {} : { ifMatch }), ...(ifNoneMatch === undefined ? {} : { ifNoneMatch: '*' }) };
}

/**
 * As S3 answers: `If-None-Match: *` on an existing key → 412; `If-Match` on a missing key → 404 NoSuchKey, on
 * another ETag → 412. A key whose latest version is a delete marker does not exist.
 */
export function writePrecondition(conditions: WriteConditions | undefined, key: string): WritePrecondition | undefined {
  if (conditions === undefined) return undefined;
  return (current) => {
    if (conditions.ifNoneMatch !== undefined && current) {
      throw new StorageError('PreconditionFailed', undefined, { Condition: 'If-None-Match' });
    }
    if (conditions.ifMatch !== undefined) {
      if (!current) throw new StorageError('NoSuchKey', undefined, { Key: key });
      const tags = conditions.ifMatch.split(',').map(stripTag);
      if (!tags.includes('*') && !tags.includes(current.etag)) {
        throw new StorageError('PreconditionFailed', undefined, { Condition: 'If-Match' });
      }
    }
  };
}
