import { multipartChecksum } from '../checksums/multipart-checksum';
import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm, computeChecksum } from '../model/checksum-algorithms';
import { requestedChecksumType } from '../model/checksum-type';
import { StorageError } from '../model/errors';
import type { RequestedPart } from '../model/multipart-rules';
import type { MultipartUpload, UploadedPart } from '../model/multipart-upload';
import type { ObjectChecksum } from '../model/object-checksum';

type Headers = Readonly<Record<string, readonly string[]>>;

/**
 * The checksum a part is kept with. The request's own (already verified against the bytes) when it sent one; for an
 * upload created with an algorithm, a part in another algorithm is S3's 400 and a part sent without one has it computed,
 * so every part of such an upload has its checksum when the upload completes.
 */
export function partChecksum(
  upload: MultipartUpload,
  sent: ObjectChecksum | undefined,
  bytes: Buffer,
): ObjectChecksum | undefined {
  const wanted = upload.checksum?.algorithm;
  if (!wanted) return sent;
  if (sent && sent.algorithm !== wanted) {
    throw new StorageError(
      'InvalidRequest',
      `Checksum Type mismatch occurred, expected checksum Type: ${wanted}, actual checksum Type: ${sent.algorithm}`,
    );
  }
  return { algorithm: wanted, value: sent?.value ?? computeChecksum(wanted, bytes) };
}

/**
 * CompleteMultipartUpload's checks and the object's checksum: each part checksum the body names must be the one the
 * part was uploaded with (InvalidPart otherwise); `x-amz-checksum-type`, when sent, must be the upload's; a whole-object
 * `x-amz-checksum-<alg>` header must be the computed value (BadDigest otherwise; a COMPOSITE one with or without its
 * `-<parts>`). Undefined for an upload created without a checksum algorithm, which takes no whole-object header.
 */
export function completedChecksum(
  upload: MultipartUpload,
  requested: readonly RequestedPart[],
  chosen: readonly UploadedPart[],
  headers: Headers,
): ObjectChecksum | undefined {
  assertPartChecksums(requested, chosen);
  const sent = wholeObjectHeader(headers);
  const type = requestedChecksumType(headers['x-amz-checksum-type']?.join(','));
  const expected = upload.checksum;
  if (!expected) {
    if (sent || type) {
      throw new StorageError(
        'InvalidRequest',
        'The upload was created without x-amz-checksum-algorithm, so its object has no checksum to complete with.',
      );
    }
    return undefined;
  }
  if (type && type !== expected.type) {
    throw new StorageError(
      'InvalidRequest',
      `The upload was created using the ${expected.type} checksum mode. The complete request must use the same checksum mode.`,
    );
  }
  if (sent && sent.algorithm !== expected.algorithm) {
    throw new StorageError(
      'InvalidRequest',
      `The upload was created using a ${expected.algorithm} checksum. The complete request must use the same checksum algorithm.`,
    );
  }
  const parts = chosen.map((part) => ({
    checksum: part.checksum?.algorithm === expected.algorithm ? part.checksum.value : '',
    size: part.size,
  }));
  // Parts kept before the upload had its algorithm cannot exist (the algorithm is fixed at creation): defensive only.
  if (parts.some((part) => part.checksum === '')) return undefined;
  const computed = multipartChecksum(expected, parts);
  if (sent && sent.value !== computed.value && `${sent.value}-${parts.length}` !== computed.value) {
    throw new StorageError(
      'BadDigest',
      `The ${expected.algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
    );
  }
  return computed;
}

function assertPartChecksums(requested: readonly RequestedPart[], chosen: readonly UploadedPart[]): void {
  const byNumber = new Map(chosen.map((part) => [part.partNumber, part]));
  for (const wanted of requested) {
    const part = byNumber.get(wanted.partNumber);
    for (const [algorithm, value] of Object.entries(wanted.checksums ?? {})) {
      if (part?.checksum?.algorithm === algorithm && part.checksum.value === value.trim()) continue;
      throw new StorageError(
        'InvalidPart',
        `The ${algorithm.toUpperCase()} checksum of part ${wanted.partNumber} does not match the part uploaded.`,
        {
          UploadId: part?.uploadId ?? '',
          PartNumber: String(wanted.partNumber),
        },
      );
    }
  }
}

/** The one `x-amz-checksum-<alg>` value header of a complete request (the authenticator leaves these to us). */
function wholeObjectHeader(headers: Headers): { algorithm: ChecksumAlgorithm; value: string } | undefined {
  const found = CHECKSUM_ALGORITHMS.filter((algorithm) => headers[`x-amz-checksum-${algorithm}`] !== undefined).map(
    (algorithm) => ({ algorithm, value: headers[`x-amz-checksum-${algorithm}`]!.join(',').trim() }),
  );
  if (found.length > 1)
    throw new StorageError(
      'InvalidRequest',
      'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.',
    );
  return found[0];
}
