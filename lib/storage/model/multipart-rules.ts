import { createHash } from 'node:crypto';
import type { ChecksumAlgorithm } from './checksum-algorithms';
import { StorageError } from './errors';
import type { UploadedPart } from './multipart-upload';
import type { ManifestPart } from './object-record';

export const MAX_PART_NUMBER = 10_000;
/**
 * The most parts one completed object may have here: its manifest lives in one DynamoDB item (400 KB,
 * about 54 bytes a part). S3 allows 10,000; clients that size parts to the file (awscli, boto3) stay far below.
 */
export const MAX_MANIFEST_PARTS = 7_000;
/** The manifest's share of its item (400 KB, less the record's other attributes). */
const MANIFEST_BUDGET_BYTES = MAX_MANIFEST_PARTS * 54;

/** S3's minimum size of every part but the last. */
export const DEFAULT_MIN_PART_BYTES = 5 * 1024 * 1024;

/** `partNumber`: an integer from 1 to 10,000, else InvalidArgument (as S3 answers UploadPart and GetObject). */
export function parsePartNumber(raw: string | undefined): number {
  const value = raw === undefined || !/^\d{1,6}$/.test(raw) ? Number.NaN : Number(raw);
  if (!(value >= 1 && value <= MAX_PART_NUMBER)) {
    throw new StorageError('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive', {
      ArgumentName: 'partNumber',
      ArgumentValue: raw ?? '',
    });
  }
  return value;
}

/** S3's multipart ETag: the MD5 of the parts' binary MD5s, a dash, the part count (quotes not included). */
export function multipartEtag(partEtags: readonly string[]): string {
  const digest = createHash('md5');
  for (const etag of partEtags) digest.update(Buffer.from(etag, 'hex'));
  return `${digest.digest('hex')}-${partEtags.length}`;
}

/** A part as CompleteMultipartUpload names it. */
export interface RequestedPart {
  partNumber: number;
  etag: string;
  /** `ChecksumCRC32`… of the part element, by algorithm: each must be the part's own. */
  checksums?: Partial<Record<ChecksumAlgorithm, string>>;
}

/**
 * The parts a CompleteMultipartUpload assembles, in order: ascending part numbers (InvalidPartOrder),
 * each uploaded with the ETag given (InvalidPart), every one but the last at least `minPartBytes` (EntityTooSmall).
 */
export function partsToAssemble(
  requested: readonly RequestedPart[],
  uploaded: readonly UploadedPart[],
  minPartBytes: number,
): UploadedPart[] {
  if (requested.length === 0) {
    throw new StorageError(
      'MalformedXML',
      'The XML you provided was not well-formed or did not validate against our published schema.',
    );
  }
  const byNumber = new Map(uploaded.map((part) => [part.partNumber, part]));
  // A part number named twice in a row (a part re-sent while its first upload was still running): the later entry
  // stands, as Ceph RGW assembles it (ceph/s3-tests' resend case); any other repeat or descent is InvalidPartOrder.
  const listed = requested.filter((wanted, index) => requested[index + 1]?.partNumber !== wanted.partNumber);
  const chosen = listed.map((wanted, index) => {
    if (index > 0 && wanted.partNumber <= listed[index - 1]!.partNumber) {
      throw new StorageError('InvalidPartOrder');
    }
    const part = byNumber.get(wanted.partNumber);
    if (!part || part.etag !== stripQuotes(wanted.etag)) {
      throw new StorageError('InvalidPart', undefined, {
        UploadId: part?.uploadId ?? '',
        PartNumber: String(wanted.partNumber),
        ETag: wanted.etag,
      });
    }
    return part;
  });
  chosen.slice(0, -1).forEach((part) => {
    if (part.size < minPartBytes) {
      throw new StorageError('EntityTooSmall', undefined, {
        ProposedSize: String(part.size),
        MinSizeAllowed: String(minPartBytes),
        PartNumber: String(part.partNumber),
        ETag: `"${part.etag}"`,
      });
    }
  });
  return chosen;
}

/**
 * A completion of more parts than a manifest holds: a clean 400 rather than a failed write. Per-part checksums and part
 * numbers (kept for GetObjectAttributes) take room too: a SHA256 manifest holds about 3,000 parts, a CRC32 one 5,000.
 */
export function assertManifestFits(parts: readonly ManifestPart[]): void {
  // DynamoDB's item size: names and values; a map entry costs its name, a number about its digits.
  const bytes = parts.reduce(
    (sum, part) =>
      sum + 54 + (part.partNumber === undefined ? 0 : 16) + (part.checksum === undefined ? 0 : 12 + part.checksum.length),
    0,
  );
  if (parts.length > MAX_MANIFEST_PARTS || bytes > MANIFEST_BUDGET_BYTES) {
    throw new StorageError(
      'InvalidRequest',
      `This service assembles at most ${MAX_MANIFEST_PARTS} parts into one object (fewer when the parts carry checksums).`,
    );
  }
}

const stripQuotes = (etag: string) => etag.trim().replace(/^"|"$/g, '').toLowerCase();

/** The byte range of part `partNumber` (1-based) of an object made of parts of these sizes; undefined past the last part. */
export function partByteRange(sizes: readonly number[], partNumber: number): { start: number; end: number } | undefined {
  if (partNumber > sizes.length) return undefined;
  const start = sizes.slice(0, partNumber - 1).reduce((sum, size) => sum + size, 0);
  return { start, end: start + sizes[partNumber - 1]! - 1 };
}

/** The pieces of parts that a byte range of the whole object crosses: part index and the range inside that part. */
export function partSegments(
  sizes: readonly number[],
  range: { start: number; end: number },
): { index: number; start: number; end: number }[] {
  const segments: { index: number; start: number; end: number }[] = [];
  let offset = 0;
  sizes.forEach((size, index) => {
    const first = Math.max(range.start, offset);
    const last = Math.min(range.end, offset + size - 1);
    if (first <= last) segments.push({ index, start: first - offset, end: last - offset });
    offset += size;
  });
  return segments;
}

/**
 * The bytes GET/HEAD `?partNumber=N` returns: that part of a multipart object; part 1 of any other object
 * is all of it (undefined for an empty one). Past the last part: 400 InvalidPart, as Ceph RGW answers (AWS: 416
 * InvalidPartNumber; ceph/s3-tests' *_get_part cases hold RGW's).
 */
export function objectPartRange(
  object: { size: number; parts?: readonly { size: number }[] },
  partNumber: number,
): { start: number; end: number } | undefined {
  const sizes = object.parts?.map((part) => part.size) ?? [object.size];
  if (!object.parts && object.size === 0 && partNumber === 1) return undefined;
  const range = partByteRange(sizes, partNumber);
  if (!range)
    throw new StorageError('InvalidPart', 'The requested partnumber is not satisfiable', {
      PartNumberRequested: String(partNumber),
      ActualPartCount: String(sizes.length),
    });
  return range;
}

/** x-amz-copy-source-range: exactly `bytes=first-last` inside the source (InvalidArgument / InvalidRange otherwise). */
export function parseCopySourceRange(raw: string, sourceSize: number): { start: number; end: number } {
  const match = /^bytes=(\d+)-(\d+)$/.exec(raw.trim());
  const start = Number(match?.[1]);
  const end = Number(match?.[2]);
  if (!match || start > end) {
    throw new StorageError(
      'InvalidArgument',
      'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy',
      { ArgumentName: 'x-amz-copy-source-range', ArgumentValue: raw },
    );
  }
  if (end >= sourceSize) {
    throw new StorageError('InvalidRange', undefined, { RangeRequested: raw, ActualObjectSize: String(sourceSize) });
  }
  return { start, end };
}
