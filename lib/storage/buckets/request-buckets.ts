import type { BucketCatalog, BucketCondition, BucketRecord, BucketSettings, IndexedSetting } from '../model/bucket';

/**
 * The bucket catalogue seen by one request: every bucket read is remembered, so that the router can
 * charge the request to the right payer afterwards without reading the bucket again. A bucket the request
 * read up front (with its access key and object) answers the request's first read of it; later reads go to the catalogue.
 */
export class RequestBuckets implements BucketCatalog {
  private readonly seen = new Map<string, BucketRecord | undefined>();

  private prefetched?: { name: string; value: BucketRecord | undefined };

  constructor(private readonly catalog: BucketCatalog) {}

  /** The bucket as read up front: the answer to this request's first read of it. */
  prefetch(name: string, value: BucketRecord | undefined): void {
    this.prefetched = { name, value };
  }

  /** The bucket as this request last read it, if it read it. */
  remembered(name: string): BucketRecord | undefined {
    return this.seen.get(name);
  }

  async get(name: string): Promise<BucketRecord | undefined> {
    const ready = this.prefetched?.name === name ? this.prefetched : undefined;
    if (ready) this.prefetched = undefined;
    const bucket = ready ? ready.value : await this.catalog.get(name);
    this.seen.set(name, bucket);
    return bucket;
  }

  create(bucket: BucketRecord, defaultLimit: number) {
    return this.catalog.create(bucket, defaultLimit);
  }

  bucketCount(ownerId: string) {
    return this.catalog.bucketCount(ownerId);
  }

  listByOwner(ownerId: string) {
    return this.catalog.listByOwner(ownerId);
  }

  withSetting(setting: IndexedSetting) {
    return this.catalog.withSetting(setting);
  }

  async deleteIfEmpty(name: string) {
    const outcome = await this.catalog.deleteIfEmpty(name);
    if (outcome === 'deleted') this.seen.delete(name);
    return outcome;
  }

  async update(name: string, settings: BucketSettings, condition?: BucketCondition): Promise<boolean> {
    const updated = await this.catalog.update(name, settings, condition);
    const known = this.seen.get(name);
    if (updated && known) {
      // null clears a setting, as the catalogue does.
      const next: Record<string, unknown> = { ...known };
      for (const [field, value] of Object.entries(settings)) {
        if (value === null) delete next[field];
        else if (value !== undefined) next[field] = value;
      }
      this.seen.set(name, next as unknown as BucketRecord);
    }
    return updated;
  }
}
