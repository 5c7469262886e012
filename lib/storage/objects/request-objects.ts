import type { ObjectCatalog, ObjectRecord } from '../model/object-record';

/**
 * The object catalogue seen by one request: the object the request read up front (with its access key and bucket)
 * answers the request's first read of that key; every other read, and any read after it (a retried commit), goes
 * to the catalogue.
 */
export function requestObjects(
  catalog: ObjectCatalog,
  prefetched: { bucket: string; key: string; value: ObjectRecord | undefined },
): ObjectCatalog {
  let ready: typeof prefetched | undefined = prefetched;
  return {
    get: async (bucket, key) => {
      if (ready && ready.bucket === bucket && ready.key === key) {
        const { value } = ready;
        ready = undefined;
        return value;
      }
      return catalog.get(bucket, key);
    },
    commit: (record, expectedBlobId, outbox) => catalog.commit(record, expectedBlobId, outbox),
    putSettings: (bucket, key, blobId, settings) => catalog.putSettings(bucket, key, blobId, settings),
    remove: (bucket, key, expectedBlobId, outbox) => catalog.remove(bucket, key, expectedBlobId, outbox),
    page: (bucket, range, limit) => catalog.page(bucket, range, limit),
  };
}
