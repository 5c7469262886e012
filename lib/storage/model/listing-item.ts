import type { ListedObject, ObjectRecord } from './object-record';

/**
 * The compact listing index: beside each object item (`OBJECTS#<bucket>`, every attribute of the object) a small item
 * in `LIST#<bucket>` with the same sort key and only what ListObjects answers, and beside each version item
 * (`VERSIONS#<bucket>`) one in `LISTV#<bucket>`. Written in the same transaction as the item it mirrors, so a listing
 * read from it is as consistent as one read from the objects themselves, for a fraction of the read units
 * (docs/operations.md, "Keys and scale"). Attribute names are one letter and values packed (ETag as 16 bytes, time as
 * milliseconds) because a Query is charged by the bytes it reads, names included.
 */
export const listingPartition = (bucket: string) => `LIST#${bucket}`;
export const versionListingPartition = (bucket: string) => `LISTV#${bucket}`;

const MD5_HEX = /^[0-9a-f]{32}$/;

type Listed = Pick<ObjectRecord, 'key' | 'size' | 'etag' | 'lastModified' | 'ownerId' | 'ownerDisplayName'> & {
  versioned?: boolean;
};

/** The listing attributes of an object or version (no key attributes). */
export function listingAttributes(record: Listed): Record<string, unknown> {
  const millis = Date.parse(record.lastModified);
  const exactTime = Number.isFinite(millis) && new Date(millis).toISOString() === record.lastModified;
  return {
    z: record.size,
    ...(record.etag === '' ? {} : { e: MD5_HEX.test(record.etag) ? Buffer.from(record.etag, 'hex') : record.etag }),
    m: exactTime ? millis : record.lastModified,
    o: record.ownerId,
    ...(record.ownerDisplayName === '' ? {} : { d: record.ownerDisplayName }),
    ...(record.versioned ? { v: true } : {}),
  };
}

/** A version's listing attributes: the object's, and whether it is a delete marker or the null version. */
export const versionListingAttributes = (version: Listed & { deleteMarker: boolean; versionId: string }) => ({
  ...listingAttributes(version),
  ...(version.deleteMarker ? { x: true } : {}),
  ...(version.versionId === 'null' ? { n: true } : {}),
});

/** A listing item back into what a listing shows of it; `key` is the object key (the sort key, or its first part). */
export function fromListingAttributes(key: string, item: Record<string, unknown>): ListedObject {
  const etag = item.e instanceof Uint8Array ? Buffer.from(item.e).toString('hex') : String(item.e ?? '');
  return {
    key,
    size: Number(item.z),
    etag,
    lastModified: typeof item.m === 'number' ? new Date(item.m).toISOString() : String(item.m),
    ownerId: String(item.o),
    ownerDisplayName: String(item.d ?? ''),
    ...(item.v === true ? { versioned: true } : {}),
  };
}
