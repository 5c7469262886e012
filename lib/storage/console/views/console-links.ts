/** Console addresses: bucket names in the path (they are URL-safe), keys and prefixes always in the query. */
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const defined = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return defined.length ? `${path}?${new URLSearchParams(defined).toString()}` : path;
};

export const bucketLink = (
  base: string,
  bucket: string,
  query: { prefix?: string; search?: string; after?: string; confirm?: string } = {},
) => withQuery(`${base}/buckets/${encodeURIComponent(bucket)}`, query);

export const objectLink = (base: string, bucket: string, key: string, query: { versionId?: string; confirm?: string } = {}) =>
  withQuery(`${base}/buckets/${encodeURIComponent(bucket)}/object`, { key, ...query });

export const downloadLink = (base: string, bucket: string, key: string, versionId?: string) =>
  withQuery(`${base}/buckets/${encodeURIComponent(bucket)}/download`, { key, versionId });

export const uploadsEndpoint = (base: string, bucket: string) => `${base}/buckets/${encodeURIComponent(bucket)}/uploads`;
