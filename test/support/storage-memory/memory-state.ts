import type { BucketRecord } from '../../../lib/storage/model/bucket';
import type { BucketCount } from '../../../lib/storage/model/bucket-quota';
import type { MultipartUpload, UploadedPart } from '../../../lib/storage/model/multipart-upload';
import type { ObjectRecord } from '../../../lib/storage/model/object-record';
import type { KeyHead, ObjectVersion } from '../../../lib/storage/model/object-version';

/** The key object's item sits under: the current object (`versioned` when a versioned history wrote it). */
export type CurrentItem = ObjectRecord & { versioned?: true; seq?: string; deleteMarker?: boolean };

/**
 * The storage table in memory, shared by the catalogues as the one DynamoDB table is: an object write checks the
 * bucket, a bucket delete checks the objects. Maps are keyed as the table's sort keys are, so ordering is S3's.
 */
export class MemoryStorageState {
  readonly buckets = new Map<string, BucketRecord>();
  readonly counts = new Map<string, BucketCount>();
  /** `INDEX#<setting>`: bucket names with that setting. */
  readonly indexed = new Map<string, Set<string>>();
  /** Per bucket, key → current object. */
  readonly objects = new Map<string, Map<string, CurrentItem>>();
  /** Per bucket, key → head of the key's history. */
  readonly heads = new Map<string, Map<string, KeyHead>>();
  /** Per bucket, `<key>\0<seq>` → version. */
  readonly versions = new Map<string, Map<string, ObjectVersion>>();
  /** Per bucket, `<key>\0<uploadId>` → upload. */
  readonly uploads = new Map<string, Map<string, MultipartUpload>>();
  /** Per upload id, part number → part. */
  readonly parts = new Map<string, Map<number, UploadedPart>>();

  /** The partition `map` holds for `name`, made on first use. */
  partition<K, V>(map: Map<string, Map<K, V>>, name: string): Map<K, V> {
    let inner = map.get(name);
    if (!inner) {
      inner = new Map();
      map.set(name, inner);
    }
    return inner;
  }
}

/** What DynamoDB hands back is a copy: a caller that changes a record it read changes nothing stored. */
export const copyOf = <T>(value: T): T => structuredClone(value);

/** UTF-8 byte order, as DynamoDB sorts string sort keys (and S3 lists keys). */
export const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Items of a partition in sort-key order, strictly after `after` or from `from`, `limit` of them, and whether more follow. */
export function pageOf<V>(
  partition: ReadonlyMap<string, V> | undefined,
  range: { after?: string; from?: string },
  limit: number,
): { items: V[]; more: boolean } {
  const keys = [...(partition?.keys() ?? [])]
    .filter((key) =>
      range.after !== undefined ? byteOrder(key, range.after) > 0 : range.from === undefined || byteOrder(key, range.from) >= 0,
    )
    .sort(byteOrder);
  return { items: keys.slice(0, limit).map((key) => copyOf(partition!.get(key)!)), more: keys.length > limit };
}

/** Lets other requests run between two calls, as a round trip to the table does: parallel use cases interleave. */
export const roundTrip = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
