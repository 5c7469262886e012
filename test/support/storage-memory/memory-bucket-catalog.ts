import {
  type BucketCatalog,
  type BucketCondition,
  type BucketCreation,
  type BucketRecord,
  type BucketSettings,
  INDEXED_SETTINGS,
  type IndexedSetting,
} from '../../../lib/storage/model/bucket';
import { type BucketCount, maxBucketsOf } from '../../../lib/storage/model/bucket-quota';
import { copyOf, type MemoryStorageState, roundTrip } from './memory-state';

const CONDITIONS: Record<BucketCondition, (bucket: BucketRecord) => boolean> = {
  'versioning-enabled': (bucket) => bucket.versioning === 'Enabled',
  'no-object-lock': (bucket) => bucket.objectLock === undefined,
};

/** BucketRepository's contract in memory: one transaction per call, the owner's counter kept in it. */
export class MemoryBucketCatalog implements BucketCatalog {
  constructor(private readonly state: MemoryStorageState) {}

  async get(name: string): Promise<BucketRecord | undefined> {
    await roundTrip();
    const bucket = this.state.buckets.get(name);
    return bucket && copyOf(bucket);
  }

  async create(bucket: BucketRecord, defaultLimit: number): Promise<BucketCreation> {
    await roundTrip();
    const existing = this.state.buckets.get(bucket.name);
    if (existing) return { created: false, existing: copyOf(existing) };
    const count: BucketCount = this.state.counts.get(bucket.ownerId) ?? { count: this.owned(bucket.ownerId) };
    const limit = maxBucketsOf(count, defaultLimit);
    if (count.count >= limit) return { created: false, tooMany: { limit } };
    this.state.buckets.set(bucket.name, copyOf(bucket));
    this.state.counts.set(bucket.ownerId, { ...count, count: count.count + 1 });
    return { created: true };
  }

  async listByOwner(ownerId: string): Promise<BucketRecord[]> {
    await roundTrip();
    return [...this.state.buckets.values()].filter((bucket) => bucket.ownerId === ownerId).map(copyOf);
  }

  async bucketCount(ownerId: string): Promise<BucketCount | undefined> {
    await roundTrip();
    const count = this.state.counts.get(ownerId);
    return count && copyOf(count);
  }

  async deleteIfEmpty(name: string): Promise<'deleted' | 'not-empty' | 'missing'> {
    await roundTrip();
    const bucket = this.state.buckets.get(name);
    if (!bucket) return 'missing';
    // Versions and delete markers count, as the repository's two partition queries do.
    if ((this.state.objects.get(name)?.size ?? 0) > 0 || (this.state.versions.get(name)?.size ?? 0) > 0) return 'not-empty';
    this.state.buckets.delete(name);
    const count = this.state.counts.get(bucket.ownerId);
    if (count) this.state.counts.set(bucket.ownerId, { ...count, count: Math.max(0, count.count - 1) });
    return 'deleted';
  }

  async update(name: string, settings: BucketSettings, condition?: BucketCondition): Promise<boolean> {
    await roundTrip();
    const bucket = this.state.buckets.get(name);
    // The repository's ConditionExpression: the bucket exists and, when asked, is in the required state.
    if (!bucket || (condition && !CONDITIONS[condition](bucket))) return false;
    const updated: Record<string, unknown> = { ...bucket };
    for (const [field, value] of Object.entries(settings)) {
      if (value === undefined) continue;
      if (value === null) delete updated[field];
      else updated[field] = copyOf(value);
    }
    this.state.buckets.set(name, updated as unknown as BucketRecord);
    for (const setting of INDEXED_SETTINGS) {
      const value = settings[setting];
      if (value === undefined) continue;
      const index = this.state.indexed.get(setting) ?? new Set<string>();
      if (value === null) index.delete(name);
      else index.add(name);
      this.state.indexed.set(setting, index);
    }
    return true;
  }

  async withSetting(setting: IndexedSetting): Promise<string[]> {
    await roundTrip();
    return [...(this.state.indexed.get(setting) ?? [])];
  }

  private owned(ownerId: string): number {
    return [...this.state.buckets.values()].filter((bucket) => bucket.ownerId === ownerId).length;
  }
}
