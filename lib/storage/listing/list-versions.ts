import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { type ObjectVersion, versionCursor } from '../model/object-version';
import type { StorageDeps } from '../store/storage-deps';
import { findVersion, legacyVersion } from '../store/version-lookup';
import { compareUtf8, type IndexFetch, type ListPage, listIndexPage } from './list-objects';

export interface VersionListParams {
  prefix: string;
  delimiter?: string;
  maxKeys: number;
  keyMarker?: string;
  versionIdMarker?: string;
  urlEncoded: boolean;
}

export interface VersionPage extends ListPage<ObjectVersion & { isLatest: boolean }> {
  nextKeyMarker?: string;
  nextVersionIdMarker?: string;
}

/** Above every seq ([0-9a-v]): resuming here skips all the versions of a key. */
const PAST_VERSIONS = 'w';

/**
 * ListObjectVersions: one walk over the bucket's version index, whose order is (key, newest first),
 * with the same prefix/delimiter roll-up as ListObjects, so a page costs one or a few queries.
 */
export async function listVersionsPage(deps: StorageDeps, bucket: BucketRecord, params: VersionListParams): Promise<VersionPage> {
  const { keyMarker, versionIdMarker } = params;
  if (versionIdMarker !== undefined && keyMarker === undefined) {
    throw new StorageError('InvalidArgument', 'A version-id marker cannot be specified without a key marker.', {
      ArgumentName: 'version-id-marker',
      ArgumentValue: versionIdMarker,
    });
  }
  let after: string | undefined;
  if (keyMarker !== undefined) {
    const marker = versionIdMarker === undefined ? undefined : await findVersion(deps, bucket, keyMarker, versionIdMarker);
    after = versionCursor(keyMarker, marker?.seq ?? PAST_VERSIONS);
  }
  const index = bucket.versionedWhenEmpty ? versionsOnly(deps, bucket.name) : versionIndex(deps, bucket.name);
  const page = await listIndexPage(index, (item) => versionCursor(item.key, item.seq), {
    prefix: params.prefix,
    delimiter: params.delimiter,
    maxKeys: params.maxKeys,
    after,
    afterKey: keyMarker,
  });
  // Newest first: the first version of a key is its latest, unless the page resumed inside that key.
  let previousKey = versionIdMarker === undefined ? undefined : keyMarker;
  const contents = page.contents.map((version) => {
    const isLatest = version.key !== previousKey;
    previousKey = version.key;
    return { ...version, isLatest };
  });
  const last = contents.at(-1);
  return {
    ...page,
    contents,
    ...(page.isTruncated ? { nextKeyMarker: page.next } : {}),
    ...(page.isTruncated && last !== undefined && page.next === last.key ? { nextVersionIdMarker: last.versionId } : {}),
  };
}

const cursorOf = (version: ObjectVersion) => versionCursor(version.key, version.seq);

/** The version index alone: a bucket versioned while empty has no object from before versioning. */
const versionsOnly =
  (deps: StorageDeps, bucket: string): IndexFetch<ObjectVersion> =>
  (range, limit) =>
    deps.versions.page(bucket, range, limit);

/**
 * The version index merged, in (key, newest first) order, with the objects written before the bucket was
 * versioned (or in a never-versioned bucket): those are the `null` version of keys that have no history
 * yet. Both indexes are read in parallel; items past what either has returned so far wait for the next query.
 */
function versionIndex(deps: StorageDeps, bucket: string): IndexFetch<ObjectVersion> {
  return async (start, limit) => {
    let range = start;
    for (;;) {
      const [versions, objects] = await Promise.all([
        deps.versions.page(bucket, range, limit),
        deps.objects.page(bucket, range, limit),
      ]);
      const lastVersion = versions.items.at(-1);
      const lastObject = objects.items.at(-1);
      const bounds = [
        versions.more && lastVersion ? cursorOf(lastVersion) : undefined,
        objects.more && lastObject ? versionCursor(lastObject.key, PAST_VERSIONS) : undefined,
      ].filter((bound): bound is string => bound !== undefined);
      const bound = bounds.sort(compareUtf8)[0];
      const legacy = objects.items
        .filter((item) => !item.versioned)
        .map((item) => legacyVersion({ ...item, bucket, blobId: '', contentHeaders: {}, userMetadata: {}, versionId: 'null' }));
      const merged = [...versions.items, ...legacy]
        .sort((a, b) => compareUtf8(cursorOf(a), cursorOf(b)))
        .filter((item) => bound === undefined || compareUtf8(cursorOf(item), bound) <= 0);
      const more = versions.more || objects.more || merged.length > limit;
      if (merged.length > 0 || !more || bound === undefined) return { items: merged.slice(0, limit), more };
      range = { after: bound };
    }
  };
}
