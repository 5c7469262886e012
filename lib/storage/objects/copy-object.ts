import { bucketFor, existingBucket } from '../access/bucket-access';
import { authorizedObject } from '../access/object-access';
import { requestedChecksumAlgorithm } from '../checksums/request-checksum';
import { recryptingCopy } from '../encryption/blob-recrypt';
import { openCipher } from '../encryption/object-keys';
import { asksForEncryption, COPY_SOURCE_CUSTOMER_KEY_HEADERS, customerKeyOf } from '../encryption/sse-headers';
import type { BlobCipher } from '../model/blob-cipher';
import type { BucketRecord } from '../model/bucket';
import { type ChecksumAlgorithm, computeChecksum } from '../model/checksum-algorithms';
import { parseCopySource } from '../model/copy-source';
import { StorageError } from '../model/errors';
import type { ObjectChecksum } from '../model/object-checksum';
import type { ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import { copiedTags } from '../model/tagging-headers';
import { copyObjectBlobs, readObjectBytes } from '../store/object-manifest';
import { type Committed, commitObject } from '../store/object-writer';
import type { StorageDeps } from '../store/storage-deps';
import { assertCopySourceConditions } from './conditional-request';
import { copiedObjectSpec } from './new-object-spec';
import { requestedMetadata } from './object-headers';
import { assertValidObjectKey } from './object-key';
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

/** A manifest's part checksums are in its checksum's algorithm: a copy recomputed in another keeps none of them. */
const withoutPartChecksums = (record: ObjectRecord): ObjectRecord =>
  record.parts ? { ...record, parts: record.parts.map(({ checksum: _, ...part }) => part) } : record;
