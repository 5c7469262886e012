import type { Principal } from '../auth/principal';
import type { BucketRecord } from '../buckets/bucket';
import { bucketFor, existingBucket } from '../buckets/bucket-operations';
import { type ChecksumAlgorithm, computeChecksum } from '../checksums/checksum-algorithms';
import type { ObjectChecksum } from '../checksums/object-checksum';
import { requestedChecksumAlgorithm } from '../checksums/request-checksum';
import type { BlobCipher } from '../encryption/blob-cipher';
import { recryptingCopy } from '../encryption/blob-recrypt';
import { openCipher } from '../encryption/object-keys';
import { asksForEncryption, COPY_SOURCE_CUSTOMER_KEY_HEADERS, customerKeyOf } from '../encryption/sse-headers';
import { StorageError } from '../errors';
import { copyObjectBlobs, readObjectBytes } from '../multipart/object-manifest';
import type { StorageDeps } from '../storage-deps';
import { copiedTags } from '../tagging/tagging-headers';
import { assertCopySourceConditions } from './conditional-request';
import { copiedObjectSpec } from './new-object-spec';
import { authorizedObject } from './object-access';
import { requestedMetadata } from './object-headers';
import { assertValidObjectKey } from './object-key';
import type { ObjectRecord } from './object-record';
import { type Committed, commitObject } from './object-writer';
import { newRecord } from './put-object';

export interface CopyObjectInput {
  bucket: string;
  key: string;
  /** x-amz-copy-source as sent: URL-encoded `[/]bucket/key[?versionId=...]`. */
  copySource: string;
  headers: Readonly<Record<string, readonly string[]>>;
}

/** CopyObject: the source blob is copied to a fresh blob id, then committed like a PUT. */
export async function copyObject(
  deps: StorageDeps,
  principal: Principal,
  input: CopyObjectInput,
): Promise<Committed & { sourceVersionId?: string }> {
  assertValidObjectKey(input.key);
  const source = parseCopySource(input.copySource);
  const header = (name: string) => input.headers[name]?.join(',');
  const directive = (header('x-amz-metadata-directive') ?? 'COPY').toUpperCase();
  if (directive !== 'COPY' && directive !== 'REPLACE') {
    throw new StorageError('InvalidArgument', 'Unknown metadata directive.', {
      ArgumentName: 'x-amz-metadata-directive',
      ArgumentValue: directive,
    });
  }
  const inPlace = source.bucket === input.bucket && source.key === input.key && source.versionId === undefined;
  if (inPlace && directive !== 'REPLACE' && !asksForEncryption(input.headers)) {
    throw new StorageError(
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    );
  }
  const checksumAlgorithm = requestedChecksumAlgorithm(input.headers);
  const sourceBucket = await existingBucket(deps, source.bucket);
  const target = await bucketFor(deps, principal, input.bucket, 'PutObject', input.key);
  const spec = await copiedObjectSpec(deps, principal, target, input.headers);
  const sourceKey = customerKeyOf(input.headers, COPY_SOURCE_CUSTOMER_KEY_HEADERS, deps.sseCustomerKeyOverHttp);
  for (let attempt = 0; attempt < 5; attempt++) {
    const original = await readCopySource(deps, principal, sourceBucket, source, input.headers);
    const sourceCipher = await openCipher(deps.kms, original.encryption, sourceKey, 'object');
    const metadata =
      directive === 'REPLACE'
        ? requestedMetadata(input.headers)
        : { contentHeaders: original.contentHeaders, userMetadata: original.userMetadata };
    const checksum = await copiedChecksum(deps, original, checksumAlgorithm, sourceCipher);
    if (checksum === 'source-gone') continue;
    const tags = copiedTags(input.headers, original.tags);
    const record = newRecord(deps, spec.owner, input.bucket, input.key, {
      size: original.size,
      etag: original.etag,
      ...metadata,
      ...(tags ? { tags } : {}),
      ...(checksum ? { checksum } : {}),
      ...spec.fields,
    });
    const ciphers = { source: sourceCipher, target: spec.cipher };
    const copyBlob = ciphers.source || ciphers.target ? recryptingCopy(deps.blobs, ciphers) : undefined;
    // The source may be replaced (and its blobs removed) between the read and the copy: read it again then.
    const copy = await copyObjectBlobs(deps, original, record, copyBlob);
    if (!copy) continue;
    return {
      ...(await commitObject(
        deps,
        target,
        checksum === original.checksum ? copy : withoutPartChecksums(copy),
        undefined,
        true,
        'ObjectCreated:Copy',
      )),
      sourceVersionId: sourceBucket.versioning ? original.versionId : undefined,
    };
  }
  throw new StorageError('SlowDown');
}

/**
 * The copy's checksum: the bytes are copied unchanged, so the source's checksum holds; `x-amz-checksum-algorithm`
 * naming another algorithm has it computed from the source's bytes ('source-gone' if they were replaced meanwhile).
 */
async function copiedChecksum(
  deps: StorageDeps,
  source: ObjectRecord,
  algorithm: ChecksumAlgorithm | undefined,
  cipher: BlobCipher | undefined,
): Promise<ObjectChecksum | undefined | 'source-gone'> {
  if (!algorithm || algorithm === source.checksum?.algorithm) return source.checksum;
  const bytes = await readObjectBytes(deps, source, undefined, cipher);
  return bytes ? { algorithm, value: computeChecksum(algorithm, bytes) } : 'source-gone';
}

/**
 * The source of a copy (CopyObject, UploadPartCopy) after its ACL check (READ) and the
 * x-amz-copy-source-if-* conditions; a delete marker named by version id is S3's 400.
 */
export async function readCopySource(
  deps: StorageDeps,
  principal: Principal,
  sourceBucket: BucketRecord,
  source: { key: string; versionId?: string },
  headers: Readonly<Record<string, readonly string[]>>,
): Promise<ObjectRecord> {
  const header = (name: string) => headers[name]?.join(',');
  const original = await authorizedObject(deps, principal, sourceBucket, source.key, 'GetObject', source.versionId).catch(
    (error: unknown) => {
      // A delete marker named as copy source: S3's 400, not the 405 of a GET.
      if (!(error instanceof StorageError) || error.code !== 'MethodNotAllowed') throw error;
      throw new StorageError(
        'InvalidRequest',
        'The source of a copy request may not specifically refer to a delete marker by version id.',
      );
    },
  );
  assertCopySourceConditions(
    {
      ifMatch: header('x-amz-copy-source-if-match'),
      ifNoneMatch: header('x-amz-copy-source-if-none-match'),
      ifModifiedSince: header('x-amz-copy-source-if-modified-since'),
      ifUnmodifiedSince: header('x-amz-copy-source-if-unmodified-since'),
    },
    original,
  );
  return original;
}

/** `[/]bucket/key[?versionId=id]`, the path URL-encoded. */
export function parseCopySource(raw: string): { bucket: string; key: string; versionId?: string } {
  const question = raw.indexOf('?');
  const withoutVersion = question < 0 ? raw : raw.slice(0, question);
  const query = new URLSearchParams(question < 0 ? '' : raw.slice(question + 1));
  const versionId = query.get('versionId') ?? undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutVersion);
  } catch {
    throw new StorageError('InvalidArgument', 'Invalid copy source encoding', { ArgumentName: 'x-amz-copy-source' });
  }
  const path = decoded.startsWith('/') ? decoded.slice(1) : decoded;
  const slash = path.indexOf('/');
  if (slash <= 0 || slash === path.length - 1) {
    throw new StorageError('InvalidArgument', 'Copy Source must mention the source bucket and key: sourcebucket/sourcekey', {
      ArgumentName: 'x-amz-copy-source',
    });
  }
  return { bucket: path.slice(0, slash), key: path.slice(slash + 1), ...(versionId === undefined ? {} : { versionId }) };
}

/** A manifest's part checksums are in its checksum's algorithm: a copy recomputed in another keeps none of them. */
const withoutPartChecksums = (record: ObjectRecord): ObjectRecord =>
  record.parts ? { ...record, parts: record.parts.map(({ checksum: _, ...part }) => part) } : record;
