import { existingBucket } from '../access/bucket-access';
import { authorizedObject } from '../access/object-access';
import { assertKeyFits, cipherOf } from '../encryption/object-keys';
import type { CustomerKey } from '../encryption/sse-headers';
import { StorageError } from '../model/errors';
import { expirationHeader } from '../model/expiration-header';
import { objectPartRange, parsePartNumber } from '../model/multipart-rules';
import type { ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import { readObjectBytes } from '../store/object-manifest';
import type { StorageDeps } from '../store/storage-deps';
import { resolveRange } from './byte-range';
import { evaluateConditions } from './conditional-request';

export interface GetObjectInput {
  bucket: string;
  key: string;
  versionId?: string;
  range?: string;
  /** `?partNumber=N`: one part of a multipart object (part 1 of any other is all of it). */
  partNumber?: string;
  conditions: { ifMatch?: string; ifNoneMatch?: string; ifModifiedSince?: string; ifUnmodifiedSince?: string };
  /** HEAD: metadata only. */
  withBody: boolean;
  /** The SSE-C key the request carries: an SSE-C object is read only with its own. */
  customerKey?: CustomerKey;
}

export type GetObjectResult = {
  versioned: boolean;
  /** x-amz-expiration, when a lifecycle rule will expire the current object. */
  expiration: Record<string, string>;
} & (
  | { kind: 'not-modified'; record: ObjectRecord }
  | {
      kind: 'object';
      record: ObjectRecord;
      body?: Buffer;
      range?: { start: number; end: number };
      /** x-amz-mp-parts-count: a multipart object's part count, reported when a part was asked for. */
      partsCount?: number;
    }
);

/**
 * GetObject / HeadObject. Blobs are immutable and never reused, so bytes read through a record's
 * blob id always match its ETag; if the blob was replaced and removed meanwhile, read the record again.
 */
export async function getObject(deps: StorageDeps, principal: Principal, input: GetObjectInput): Promise<GetObjectResult> {
  const bucket = await existingBucket(deps, input.bucket);
  const partNumber = input.partNumber === undefined ? undefined : parsePartNumber(input.partNumber);
  if (partNumber !== undefined && input.range !== undefined) {
    throw new StorageError('InvalidRequest', 'Cannot specify both Range header and partNumber query parameter');
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await authorizedObject(deps, principal, bucket, input.key, 'GetObject', input.versionId);
    const versioned = bucket.versioning !== undefined;
    const expiration = input.versionId === undefined ? expirationHeader(bucket.lifecycle, record) : {};
    const decision = evaluateConditions(input.conditions, record);
    if (decision === 'precondition-failed') throw new StorageError('PreconditionFailed', undefined, { Condition: 'If-Match' });
    const range =
      decision === 'not-modified'
        ? undefined
        : partNumber === undefined
          ? resolveRange(input.range, record.size)
          : objectPartRange(record, partNumber);
    // After the range checks (InvalidPart, InvalidRange: S3's answer with or without the key), before any byte or header.
    assertKeyFits(record.encryption, input.customerKey, 'object');
    if (decision === 'not-modified') return { kind: 'not-modified', record, versioned, expiration };
    const partsCount = partNumber !== undefined && record.parts ? record.parts.length : undefined;
    const result = {
      kind: 'object' as const,
      record,
      range,
      versioned,
      expiration,
      ...(partsCount === undefined ? {} : { partsCount }),
    };
    if (!input.withBody) return result;
    const body = await readObjectBytes(deps, record, range, await cipherOf(deps.kms, record.encryption, input.customerKey));
    if (body) return { ...result, body };
  }
  throw new StorageError('SlowDown');
}
