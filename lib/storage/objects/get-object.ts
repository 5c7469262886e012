import type { Principal } from '../auth/principal';
import { existingBucket } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { resolveRange } from './byte-range';
import { evaluateConditions } from './conditional-request';
import { authorizedObject } from './object-access';
import type { ObjectRecord } from './object-record';

export interface GetObjectInput {
  bucket: string;
  key: string;
  versionId?: string;
  range?: string;
  conditions: { ifMatch?: string; ifNoneMatch?: string; ifModifiedSince?: string; ifUnmodifiedSince?: string };
  /** HEAD: metadata only. */
  withBody: boolean;
}

export type GetObjectResult = { versioned: boolean } & (
  | { kind: 'not-modified'; record: ObjectRecord }
  | { kind: 'object'; record: ObjectRecord; body?: Buffer; range?: { start: number; end: number } }
);

/**
 * GetObject / HeadObject. Blobs are immutable and never reused, so bytes read through a record's
 * blob id always match its ETag; if the blob was replaced and removed meanwhile, read the record again.
 */
export async function getObject(deps: StorageDeps, principal: Principal, input: GetObjectInput): Promise<GetObjectResult> {
  const bucket = await existingBucket(deps, input.bucket);
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await authorizedObject(deps, principal, bucket, input.key, 'GetObject', input.versionId);
    const versioned = bucket.versioning !== undefined;
    const decision = evaluateConditions(input.conditions, record);
    if (decision === 'precondition-failed') throw new StorageError('PreconditionFailed', undefined, { Condition: 'If-Match' });
    if (decision === 'not-modified') return { kind: 'not-modified', record, versioned };
    const range = resolveRange(input.range, record.size);
    if (!input.withBody) return { kind: 'object', record, range, versioned };
    const body = record.size === 0 ? Buffer.alloc(0) : await deps.blobs.get(record.blobId, range);
    if (body) return { kind: 'object', record, body, range, versioned };
  }
  throw new StorageError('SlowDown');
}
