import type { ListedObject, ObjectCatalog, ObjectRecord, ObjectSettings } from '../../../lib/storage/model/object-record';
import { type CurrentItem, copyOf, type MemoryStorageState, pageOf, roundTrip } from './memory-state';

/** The current item as the object catalogue reads it (the repository's toObjectRecord drops the item's own marks). */
const recordOf = ({ versioned: _, seq: __, deleteMarker: ___, ...record }: CurrentItem): ObjectRecord => copyOf(record);

/**
 * ObjectRepository's contract in memory. `commit` is its transaction: the bucket live and unversioned ('no-bucket'
 * otherwise, as a failed ConditionCheck at index 0), the key pointing at the expected blob or at nothing ('conflict').
 */
export class MemoryObjectCatalog implements ObjectCatalog {
  constructor(private readonly state: MemoryStorageState) {}

  async get(bucket: string, key: string): Promise<ObjectRecord | undefined> {
    await roundTrip();
    const item = this.state.objects.get(bucket)?.get(key);
    return item && recordOf(item);
  }

  async commit(record: ObjectRecord, expectedBlobId: string | undefined): Promise<'committed' | 'conflict' | 'no-bucket'> {
    await roundTrip();
    const bucket = this.state.buckets.get(record.bucket);
    if (!bucket || bucket.versioning !== undefined) return 'no-bucket';
    const objects = this.state.partition(this.state.objects, record.bucket);
    const item = objects.get(record.key);
    if (expectedBlobId === undefined ? item !== undefined : item?.blobId !== expectedBlobId) return 'conflict';
    objects.set(record.key, copyOf(record));
    return 'committed';
  }

  async putSettings(bucket: string, key: string, blobId: string, settings: ObjectSettings): Promise<boolean> {
    await roundTrip();
    const item = this.state.objects.get(bucket)?.get(key);
    if (!item || item.blobId !== blobId || item.versioned) return false;
    for (const [name, value] of Object.entries(settings)) if (value !== undefined) Object.assign(item, { [name]: copyOf(value) });
    return true;
  }

  async remove(
    bucket: string,
    key: string,
    expectedBlobId?: string,
  ): Promise<ObjectRecord | undefined | 'versioned' | 'conflict'> {
    await roundTrip();
    const objects = this.state.objects.get(bucket);
    const item = objects?.get(key);
    if (!item) return undefined;
    if (item.versioned) return 'versioned';
    if (expectedBlobId !== undefined && item.blobId !== expectedBlobId) return 'conflict';
    objects!.delete(key);
    return recordOf(item);
  }

  async page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: ListedObject[]; more: boolean }> {
    await roundTrip();
    const { items, more } = pageOf(this.state.objects.get(bucket), range, limit);
    return {
      items: items.map((item) => ({
        key: item.key,
        size: item.size,
        etag: item.etag,
        lastModified: item.lastModified,
        ownerId: item.ownerId,
        ownerDisplayName: item.ownerDisplayName,
        ...(item.versioned ? { versioned: true } : {}),
      })),
      more,
    };
  }
}
