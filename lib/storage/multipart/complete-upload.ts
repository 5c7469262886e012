import { bucketFor } from '../access/bucket-access';
import { assertKeyFits } from '../encryption/object-keys';
import { CUSTOMER_KEY_HEADERS, customerKeyOf } from '../encryption/sse-headers';
import { StorageError } from '../model/errors';
import { assertManifestFits, multipartEtag, partsToAssemble, type RequestedPart } from '../model/multipart-rules';
import type { MultipartUpload, UploadedPart } from '../model/multipart-upload';
import type { ObjectChecksum } from '../model/object-checksum';
import { lockField } from '../model/object-lock';
import { blobIdsOf, type ManifestPart, type ObjectRecord } from '../model/object-record';
import type { Principal } from '../model/principal';
import { type Committed, commitObject } from '../store/object-writer';
import type { StorageDeps } from '../store/storage-deps';
import { writeConditionsOf, writePrecondition } from '../store/write-conditions';
import { discardParts } from './abort-upload';
import { noSuchUpload, uploadFor } from './upload-access';
import { completedChecksum } from './upload-checksum';

/**
 * CompleteMultipartUpload. The upload is claimed first ('open' → 'completing': no part write, abort or
 * second complete can interleave), the parts are checked, and the object is committed as a manifest of
 * the part blobs through the ordinary conditional commit (a new version in a versioned bucket; the
 * write conditions hold atomically). Only then do the upload and part records go, with the blobs of parts
 * the request did not name. A refused completion reopens the upload: its parts stay for a retry or an abort.
 */
export async function completeMultipartUpload(
  deps: StorageDeps,
  principal: Principal,
  input: {
    bucket: string;
    key: string;
    uploadId: string;
    parts: RequestedPart[];
    headers: Readonly<Record<string, readonly string[]>>;
  },
): Promise<Committed> {
  const precondition = writePrecondition(writeConditionsOf(input.headers), input.key);
  let claimed: Awaited<ReturnType<typeof uploadFor>>;
  try {
    claimed = await uploadFor(deps, principal, input);
  } catch (error) {
    const earlier = await earlierCompletion(deps, principal, input, error);
    if (earlier) return earlier;
    throw error;
  }
  const { bucket, upload } = claimed;
  // An SSE-C upload is completed with its key, as each of its parts was written (S3 and RGW refuse it otherwise).
  const customerKey = customerKeyOf(input.headers, CUSTOMER_KEY_HEADERS, deps.sseCustomerKeyOverHttp);
  if (customerKey || upload.encryption?.algorithm === 'SSE-C') assertKeyFits(upload.encryption, customerKey, 'upload');
  if (!(await deps.uploads.setState(upload, 'open', 'completing'))) throw noSuchUpload(upload.uploadId);
  let committed: Committed;
  try {
    const uploaded = await deps.uploads.allParts(upload.uploadId);
    const chosen = partsToAssemble(input.parts, uploaded, deps.minPartBytes);
    const checksum = completedChecksum(upload, input.parts, chosen, input.headers);
    const record = manifestRecord(deps, upload, chosen, checksum);
    assertManifestFits(record.parts!);
    committed = await commitObject(deps, bucket, record, precondition, false, 'ObjectCreated:CompleteMultipartUpload');
  } catch (error) {
    await deps.uploads.setState(upload, 'completing', 'open');
    throw error;
  }
  await deps.uploads.remove(upload);
  await discardParts(deps, upload, new Set(blobIdsOf(committed.record)));
  return committed;
}

function manifestRecord(
  deps: StorageDeps,
  upload: MultipartUpload,
  chosen: UploadedPart[],
  checksum: ObjectChecksum | undefined,
): ObjectRecord {
  return {
    bucket: upload.bucket,
    key: upload.key,
    blobId: chosen[0]!.blobId,
    size: chosen.reduce((sum, part) => sum + part.size, 0),
    etag: multipartEtag(chosen.map((part) => part.etag)),
    lastModified: deps.now().toISOString(),
    // The object belongs to whoever initiated the upload (or the bucket owner, by the bucket's Object Ownership),
    // whoever completes it.
    ownerId: upload.owner?.id ?? upload.initiatorId,
    ownerDisplayName: upload.owner?.displayName ?? upload.initiatorDisplayName,
    contentHeaders: upload.contentHeaders,
    userMetadata: upload.userMetadata,
    versionId: 'null',
    acl: upload.acl,
    parts: chosen.map((part, index) => manifestPart(part, index, checksum)),
    uploadId: upload.uploadId,
    ...(checksum ? { checksum } : {}),
    ...(upload.encryption ? { encryption: upload.encryption } : {}),
    ...(upload.tags ? { tags: upload.tags } : {}),
    ...lockField(upload.lock),
  };
}

/** A manifest entry: the part number only when it is not the position, the checksum only in the object's algorithm. */
function manifestPart({ blobId, size, partNumber, checksum }: UploadedPart, index: number, of?: ObjectChecksum): ManifestPart {
  return {
    blobId,
    size,
    ...(partNumber === index + 1 ? {} : { partNumber }),
    ...(of && checksum?.algorithm === of.algorithm ? { checksum: checksum.value } : {}),
  };
}

/**
 * A second CompleteMultipartUpload of an upload already completed answers as the first did (RGW and S3 do, so
 * a client retrying after a lost answer succeeds), as long as the object it made is still the key's current one.
 */
async function earlierCompletion(
  deps: StorageDeps,
  principal: Principal,
  input: { bucket: string; key: string; uploadId: string },
  error: unknown,
): Promise<Committed | undefined> {
  if (!(error instanceof StorageError) || error.code !== 'NoSuchUpload') return undefined;
  const bucket = await bucketFor(deps, principal, input.bucket, 'PutObject', input.key);
  const current = await deps.objects.get(input.bucket, input.key);
  if (current?.uploadId !== input.uploadId) return undefined;
  return { record: current, versioned: bucket.versioning !== undefined };
}
