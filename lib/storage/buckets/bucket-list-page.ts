import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';

/** ListBuckets' paging (S3 since 2024): `max-buckets` 1–10,000, an opaque `continuation-token`, a name `prefix`. */
export interface BucketListParams {
  maxBuckets?: number;
  continuationToken?: string;
  prefix?: string;
}

const MAX_BUCKETS = 10_000;

export function parseBucketListParams(get: (name: string) => string | undefined): BucketListParams {
  const max = get('max-buckets');
  if (max !== undefined && (!/^\d+$/.test(max) || Number(max) < 1 || Number(max) > MAX_BUCKETS)) {
    throw new StorageError('InvalidArgument', `max-buckets must be an integer from 1 to ${MAX_BUCKETS}`, {
      ArgumentName: 'max-buckets',
      ArgumentValue: max,
    });
  }
  return {
    ...(max === undefined ? {} : { maxBuckets: Number(max) }),
    ...(get('continuation-token') ? { continuationToken: get('continuation-token') } : {}),
    ...(get('prefix') ? { prefix: get('prefix') } : {}),
  };
}

/** One page of the caller's buckets (sorted by name); the token is the last name given, base64url. */
export function bucketListPage(
  buckets: BucketRecord[],
  params: BucketListParams,
): { buckets: BucketRecord[]; continuationToken?: string } {
  const after =
    params.continuationToken === undefined ? undefined : Buffer.from(params.continuationToken, 'base64url').toString('utf8');
  const matching = buckets.filter(
    (bucket) =>
      (params.prefix === undefined || bucket.name.startsWith(params.prefix)) && (after === undefined || bucket.name > after),
  );
  const page = matching.slice(0, params.maxBuckets ?? MAX_BUCKETS);
  const more = page.length < matching.length;
  return more ? { buckets: page, continuationToken: Buffer.from(page.at(-1)!.name).toString('base64url') } : { buckets: page };
}
