import type { ObjectLock } from '../../../lib/storage/model/object-lock';
import { blobIdsOf, type ObjectSettings } from '../../../lib/storage/model/object-record';
import {
  type KeyHead,
  type ObjectVersion,
  type VersionCatalog,
  type VersionChange,
  versionCursor,
} from '../../../lib/storage/model/object-version';
import { byteOrder, copyOf, type MemoryStorageState, pageOf, roundTrip } from './memory-state';

/**
 * VersionRepository's contract in memory. `apply` is its transaction, all or nothing: the bucket live and versioned
 * ('no-bucket'), the key's head at the revision read (or absent when none was read) and every new version new
 * ('conflict'); then the versions, the head and the current item change together.
 */
export class MemoryVersionCatalog implements VersionCatalog {
  constructor(private readonly state: MemoryStorageState) {}

  async head(bucket: string, key: string): Promise<KeyHead | undefined> {
    await roundTrip();
    const head = this.state.heads.get(bucket)?.get(key);
    return head && copyOf(head);
  }

  async get(bucket: string, key: string, seq: string): Promise<ObjectVersion | undefined> {
    await roundTrip();
    const version = this.state.versions.get(bucket)?.get(versionCursor(key, seq));
    return version && copyOf(version);
  }

  async newest(bucket: string, key: string, limit: number): Promise<ObjectVersion[]> {
    await roundTrip();
    return this.history(bucket, key).slice(0, limit).map(copyOf);
  }

  async apply(change: VersionChange): Promise<'committed' | 'conflict' | 'no-bucket'> {
    await roundTrip();
    const { bucket, key } = change;
    if (!this.state.buckets.get(bucket)?.versioning) return 'no-bucket';
    const heads = this.state.partition(this.state.heads, bucket);
    const versions = this.state.partition(this.state.versions, bucket);
    const head = heads.get(key);
    const headHolds = change.expectedHead ? head?.revision === change.expectedHead.revision : head === undefined;
    if (!headHolds || change.put.some((version) => versions.has(versionCursor(key, version.seq)))) return 'conflict';
    if (change.head) heads.set(key, copyOf(change.head));
    else heads.delete(key);
    for (const version of change.put) versions.set(versionCursor(key, version.seq), copyOf(version));
    for (const seq of change.remove) versions.delete(versionCursor(key, seq));
    const objects = this.state.partition(this.state.objects, bucket);
    if (change.current === null) objects.delete(key);
    else if (change.current !== 'keep') objects.set(key, { ...copyOf(change.current), versioned: true });
    return 'committed';
  }

  async page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: ObjectVersion[]; more: boolean }> {
    await roundTrip();
    return pageOf(this.state.versions.get(bucket), range, limit);
  }

  async putSettings(version: ObjectVersion, settings: ObjectSettings, isCurrent: boolean): Promise<boolean> {
    await roundTrip();
    const stored = this.state.versions.get(version.bucket)?.get(versionCursor(version.key, version.seq));
    const current = this.state.objects.get(version.bucket)?.get(version.key);
    if (!stored || (isCurrent && current?.seq !== version.seq)) return false;
    for (const target of isCurrent ? [stored, current!] : [stored]) {
      for (const [name, value] of Object.entries(settings))
        if (value !== undefined) Object.assign(target, { [name]: copyOf(value) });
    }
    return true;
  }

  async putLock(version: ObjectVersion, lock: ObjectLock, head: KeyHead, isCurrent: boolean): Promise<boolean> {
    await roundTrip();
    const { bucket, key, seq } = version;
    const stored = this.state.versions.get(bucket)?.get(versionCursor(key, seq));
    const current = this.state.objects.get(bucket)?.get(key);
    const storedHead = this.state.heads.get(bucket)?.get(key);
    if (storedHead?.revision !== head.revision || !stored || (isCurrent && current?.seq !== seq)) return false;
    storedHead.revision = head.revision + 1;
    stored.lock = copyOf(lock);
    if (isCurrent) current!.lock = copyOf(lock);
    return true;
  }

  async blobIds(bucket: string, key: string): Promise<string[]> {
    await roundTrip();
    return this.history(bucket, key)
      .flatMap(blobIdsOf)
      .filter((id) => id !== '');
  }

  /** The key's versions, newest first (their sort keys' order). */
  private history(bucket: string, key: string): ObjectVersion[] {
    const prefix = versionCursor(key, '');
    return [...(this.state.versions.get(bucket)?.entries() ?? [])]
      .filter(([cursor]) => cursor.startsWith(prefix))
      .sort(([a], [b]) => byteOrder(a, b))
      .map(([, version]) => version);
  }
}
