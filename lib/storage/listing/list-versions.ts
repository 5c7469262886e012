import type { BucketRecord } from '../buckets/bucket';
import { StorageError } from '../errors';
import type { StorageDeps } from '../storage-deps';
import { type ObjectVersion, versionCursor } from '../versions/object-version';
import { findVersion } from '../versions/version-lookup';
import { type ListPage, listIndexPage } from './list-objects';

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
  const page = await listIndexPage(
    (range, limit) => deps.versions.page(bucket.name, range, limit),
    (item) => versionCursor(item.key, item.seq),
    { prefix: params.prefix, delimiter: params.delimiter, maxKeys: params.maxKeys, after, afterKey: keyMarker },
  );
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
