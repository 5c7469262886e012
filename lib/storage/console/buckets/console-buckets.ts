import { holds, isAllowed } from '../../access/authorization';
import { createBucket, deleteBucket, listBuckets } from '../../buckets/bucket-operations';
import { listObjectsPage } from '../../listing/list-objects';
import type { BucketRecord } from '../../model/bucket';
import { ANONYMOUS } from '../../model/principal';
import type { StorageDeps } from '../../store/storage-deps';
import { auditAction, type ConsoleActor } from '../console-actor';
import type { ConsoleDependencies } from '../console-dependencies';
import { type BucketSetting, bucketSettingChange } from './bucket-settings';

/** Counted from one index page: cheap (one query per bucket), exact for small buckets, "at least" beyond. */
export const STATS_PAGE = 100;
/** Stats for this many buckets at most on one page load. */
const STATS_BUCKETS = 50;

export interface BucketSummary {
  name: string;
  createdAt: string;
  isPublic: boolean;
  stats?: { objects: number; bytes: number; more: boolean };
}

/** The user's buckets (ListBuckets), each with its creation date and, where cheap, object count and size. */
export async function bucketSummaries(deps: ConsoleDependencies, actor: ConsoleActor): Promise<BucketSummary[]> {
  const buckets = await listBuckets(deps.storage, actor.as());
  return Promise.all(
    buckets.map(async (bucket, index) => ({
      name: bucket.name,
      createdAt: bucket.createdAt,
      isPublic: isPublicBucket(bucket),
      ...(index < STATS_BUCKETS && isAllowed(actor.as(), 'ListBucket', { bucket })
        ? { stats: await firstPageStats(deps.storage, bucket.name) }
        : {}),
    })),
  );
}

async function firstPageStats(storage: StorageDeps, bucket: string): Promise<BucketSummary['stats']> {
  const page = await listObjectsPage(storage.objects, bucket, { prefix: '', maxKeys: STATS_PAGE });
  return {
    objects: page.contents.length,
    bytes: page.contents.reduce((sum, object) => sum + object.size, 0),
    more: page.isTruncated,
  };
}

/** Anyone may list it: AllUsers holds READ. */
export const isPublicBucket = (bucket: BucketRecord) => holds(ANONYMOUS, bucket, 'READ');

/** CreateBucket as the API runs it (name rules, BucketAlreadyExists...), private or public-read. */
export async function createConsoleBucket(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  input: { name: string; publicRead: boolean },
): Promise<BucketRecord> {
  const headers: Record<string, string[]> = input.publicRead ? { 'x-amz-acl': ['public-read'] } : {};
  const bucket = await createBucket(deps.storage, actor.as({ headers }), input.name, Buffer.alloc(0), headers);
  await auditAction(deps, actor, 'bucket_created', input.publicRead ? 'created public-read' : 'created private', bucket.name);
  return bucket;
}

/** DeleteBucket as the API runs it: the owner only, BucketNotEmpty while objects or versions remain. */
export async function deleteConsoleBucket(deps: ConsoleDependencies, actor: ConsoleActor, name: string): Promise<void> {
  await deleteBucket(deps.storage, actor.as(), name);
  await auditAction(deps, actor, 'bucket_deleted', 'deleted', name);
}

/** Versioning on/off, request payment, public/private: through the API's own PUT ?versioning, ?requestPayment, ?acl. */
export async function changeBucketSetting(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  name: string,
  setting: BucketSetting,
): Promise<void> {
  const change = bucketSettingChange(setting);
  await change.run(deps.storage, actor.as(change.call), name);
  await auditAction(deps, actor, 'bucket_settings', setting, name);
}
