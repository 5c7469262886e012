import { existingBucket } from '../access/bucket-access';
import { authorizedObject } from '../access/object-access';
import { assertKeyFits } from '../encryption/object-keys';
import type { CustomerKey } from '../encryption/sse-headers';
import { StorageError } from '../model/errors';
import { type ManifestPart, manifestPartNumber, type ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import { listingNumber } from '../multipart/list-uploads';
import type { StorageDeps } from '../store/storage-deps';

/** The attributes `x-amz-object-attributes` may name, as S3 spells them. */
export const OBJECT_ATTRIBUTES = ['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize'] as const;
export type ObjectAttribute = (typeof OBJECT_ATTRIBUTES)[number];

/** S3 returns at most 1,000 parts per GetObjectAttributes, and says so in MaxParts. */
const MAX_PARTS = 1000;

export interface AttributesRequest {
  bucket: string;
  key: string;
  versionId?: string;
  /** `x-amz-object-attributes`, comma-separated (repeated headers already joined). */
  attributes: string | undefined;
  /** `x-amz-max-parts` and `x-amz-part-number-marker`: the page of ObjectParts. */
  maxParts: string | undefined;
  partNumberMarker: string | undefined;
  /** The SSE-C key the request carries: an SSE-C object's attributes need it, as its GET does. */
  customerKey?: CustomerKey;
}

/** One page of a multipart object's parts, in part-number order after the marker. */
export interface PartsPage {
  total: number;
  marker: number;
  maxParts: number;
  parts: { partNumber: number; part: ManifestPart }[];
  isTruncated: boolean;
}

export interface ObjectAttributes {
  record: ObjectRecord;
  versioned: boolean;
  wanted: ReadonlySet<ObjectAttribute>;
  /** Only for a multipart object, and only when ObjectParts was asked for. */
  parts?: PartsPage;
}

/**
 * GetObjectAttributes: what GET would say about an object (or a version of it) without its bytes. The same
 * authorization as GET (READ, the bucket policy's GetObject), the same NoSuchKey / delete-marker answers, and the same
 * SSE-C rule (the object's key must come with the request).
 */
export async function getObjectAttributes(
  deps: StorageDeps,
  principal: Principal,
  input: AttributesRequest,
): Promise<ObjectAttributes> {
  const wanted = requestedAttributes(input.attributes);
  const maxParts = Math.min(listingNumber('x-amz-max-parts', input.maxParts, MAX_PARTS), MAX_PARTS);
  const marker = listingNumber('x-amz-part-number-marker', input.partNumberMarker, 0);
  const bucket = await existingBucket(deps, input.bucket);
  const record = await authorizedObject(deps, principal, bucket, input.key, 'GetObject', input.versionId);
  assertKeyFits(record.encryption, input.customerKey, 'object');
  const parts = wanted.has('ObjectParts') && record.parts ? partsPage(record.parts, marker, maxParts) : undefined;
  return { record, versioned: bucket.versioning !== undefined, wanted, ...(parts ? { parts } : {}) };
}

/** The attribute names of the header; none, or one S3 does not define, is S3's 400. */
function requestedAttributes(header: string | undefined): Set<ObjectAttribute> {
  const names = (header ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new StorageError(
      'InvalidArgument',
      'The x-amz-object-attributes header specifying the attributes to be retrieved is either missing or empty',
      { ArgumentName: 'x-amz-object-attributes', ArgumentValue: header ?? '' },
    );
  }
  const unknown = names.find((name) => !(OBJECT_ATTRIBUTES as readonly string[]).includes(name));
  if (unknown !== undefined) {
    throw new StorageError('InvalidArgument', 'Invalid attribute name specified.', {
      ArgumentName: 'x-amz-object-attributes',
      ArgumentValue: unknown,
    });
  }
  return new Set(names as ObjectAttribute[]);
}

function partsPage(manifest: readonly ManifestPart[], marker: number, maxParts: number): PartsPage {
  const after = manifest
    .map((part, index) => ({ partNumber: manifestPartNumber(part, index), part }))
    .filter(({ partNumber }) => partNumber > marker);
  return {
    total: manifest.length,
    marker,
    maxParts,
    parts: after.slice(0, maxParts),
    isTruncated: after.length > maxParts,
  };
}
