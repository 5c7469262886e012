import { checksumResponseHeaders, checksumTypeOf } from '../model/object-checksum';
import type { ObjectRecord } from '../model/object-record';

/**
 * GET/HEAD in checksum mode: the checksum of exactly the bytes answered. The whole object: its checksum. `?partNumber=N`
 * of a multipart object: that part's own checksum (with the object's type), as S3 answers, so the client can check the
 * part it got; part 1 of any other object is all of it. A byte range has none: nothing kept covers just those bytes.
 */
export function readChecksumHeaders(
  record: Pick<ObjectRecord, 'checksum' | 'parts'>,
  partNumber: string | undefined,
  ranged: boolean,
): Record<string, string> {
  const { checksum, parts } = record;
  if (!checksum) return {};
  if (partNumber === undefined) return ranged ? {} : checksumResponseHeaders(checksum);
  if (!parts) return checksumResponseHeaders(checksum);
  // getObject has already checked that the part exists; the index is the part's position, as its byte range is.
  const part = parts[Number(partNumber) - 1];
  if (part?.checksum === undefined) return {};
  return { [`x-amz-checksum-${checksum.algorithm}`]: part.checksum, 'x-amz-checksum-type': checksumTypeOf(checksum) };
}
