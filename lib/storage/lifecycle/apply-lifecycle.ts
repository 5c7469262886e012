import { listObjectsPage } from '../listing/list-objects';
import { listVersionsPage } from '../listing/list-versions';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { dateOf, dueAfter } from '../model/lifecycle-clock';
import { type LifecycleRule, needsTags, type ObjectFacts, ruleApplies, scopeOf } from '../model/lifecycle-rule';
import { uploadCursor } from '../model/multipart-upload';
import type { ObjectVersion } from '../model/object-version';
import { bucketOwnerPrincipal, type Principal } from '../model/principal';
import { abortUpload } from '../multipart/abort-upload';
import { deleteFromBucket } from '../objects/delete-object';
import type { StorageDeps } from '../store/storage-deps';

const PAGE = 1000;

/** What one lifecycle pass did. */
export interface LifecycleReport {
  buckets: number;
  expired: number;
  noncurrentRemoved: number;
  deleteMarkersRemoved: number;
  uploadsAborted: number;
  /** Removals refused on the way (a locked version: object lock wins over lifecycle, as on S3). */
  refused: number;
}

export interface LifecycleClock {
  now: Date;
  /** The length of a lifecycle day (STORAGE_LIFECYCLE_DAY_SECONDS). */
  daySeconds: number;
}

/**
 * The lifecycle pass (a scheduled function; a timer on the local stack): for every bucket in the lifecycle index,
 * every enabled rule reads only what its prefix covers (objects or versions, and uploads), and what is due goes
 * through the same paths as a user's delete or abort: a current object expires (a delete marker in a versioned
 * bucket), a noncurrent version or an expired delete marker is removed, an idle upload is aborted. A locked version is
 * never removed. Removals are idempotent: a pass that dies half-way is finished by the next one.
 */
export async function applyLifecycle(deps: StorageDeps, clock: LifecycleClock): Promise<LifecycleReport> {
  const report: LifecycleReport = {
    buckets: 0,
    expired: 0,
    noncurrentRemoved: 0,
    deleteMarkersRemoved: 0,
    uploadsAborted: 0,
    refused: 0,
  };
  for (const name of await deps.buckets.withSetting('lifecycle')) {
    const bucket = await deps.buckets.get(name);
    if (!bucket?.lifecycle) {
      // An index entry left by a crash or a deleted bucket: drop it.
      await deps.buckets.update(name, { lifecycle: null });
      continue;
    }
    report.buckets++;
    const pass = new BucketPass(deps, bucket, clock, report);
    for (const rule of bucket.lifecycle.filter((candidate) => candidate.status === 'Enabled')) await pass.apply(rule);
  }
  return report;
}

/** One bucket's pass: its rules applied in order; a key's current object is expired at most once per pass. */
class BucketPass {
  private readonly expiredKeys = new Set<string>();
  private readonly owner: Principal;

  constructor(
    private readonly deps: StorageDeps,
    private readonly bucket: BucketRecord,
    private readonly clock: LifecycleClock,
    private readonly report: LifecycleReport,
  ) {
    // Lifecycle acts for the bucket owner: delete markers it places are the owner's.
    this.owner = bucketOwnerPrincipal(bucket);
  }

  async apply(rule: LifecycleRule): Promise<void> {
    if (rule.abortIncompleteMultipartUpload)
      await this.abortUploads(rule, rule.abortIncompleteMultipartUpload.daysAfterInitiation);
    if (!rule.expiration && !rule.noncurrentVersionExpiration) return;
    if (this.bucket.versioning) await this.walkVersions(rule);
    else await this.expireObjects(rule);
  }

  private due(since: string, days: number): boolean {
    return dueAfter(since, days, this.clock.daySeconds) <= this.clock.now;
  }

  private currentDue(rule: LifecycleRule, lastModified: string): boolean {
    const expiration = rule.expiration;
    if (expiration?.days !== undefined) return this.due(lastModified, expiration.days);
    return expiration?.date !== undefined && dateOf(expiration.date) <= this.clock.now;
  }

  private async abortUploads(rule: LifecycleRule, days: number): Promise<void> {
    const { prefix } = scopeOf(rule);
    let range: { from?: string; after?: string } = { from: prefix };
    for (;;) {
      const page = await this.deps.uploads.page(this.bucket.name, range, PAGE);
      for (const upload of page.items) {
        if (!upload.key.startsWith(prefix)) return;
        if (upload.state === 'open' && this.due(upload.initiated, days) && (await abortUpload(this.deps, upload))) {
          this.report.uploadsAborted++;
        }
      }
      const last = page.items.at(-1);
      if (!page.more || !last) return;
      range = { after: uploadCursor(last.key, last.uploadId) };
    }
  }

  /** An unversioned bucket: current objects only. */
  private async expireObjects(rule: LifecycleRule): Promise<void> {
    let after: string | undefined;
    do {
      const page = await listObjectsPage(this.deps.objects, this.bucket.name, {
        prefix: scopeOf(rule).prefix,
        maxKeys: PAGE,
        after,
      });
      for (const object of page.contents) {
        if (!this.currentDue(rule, object.lastModified) || !(await this.applies(rule, object))) continue;
        if (await this.remove(object.key)) this.report.expired++;
      }
      after = page.isTruncated ? page.next : undefined;
    } while (after !== undefined);
  }

  /** A versioned (or suspended) bucket: each key's versions, newest first, gathered across pages. */
  private async walkVersions(rule: LifecycleRule): Promise<void> {
    let markers: { keyMarker?: string; versionIdMarker?: string } = {};
    let pending: ObjectVersion[] = [];
    for (;;) {
      const page = await listVersionsPage(this.deps, this.bucket, {
        prefix: scopeOf(rule).prefix,
        maxKeys: PAGE,
        urlEncoded: false,
        ...markers,
      });
      for (const version of page.contents) {
        if (pending.length > 0 && pending[0]!.key !== version.key) {
          await this.applyToKey(rule, pending);
          pending = [];
        }
        pending.push(version);
      }
      if (!page.isTruncated || page.nextKeyMarker === undefined) break;
      markers = {
        keyMarker: page.nextKeyMarker,
        ...(page.nextVersionIdMarker ? { versionIdMarker: page.nextVersionIdMarker } : {}),
      };
    }
    if (pending.length > 0) await this.applyToKey(rule, pending);
  }

  private async applyToKey(rule: LifecycleRule, versions: ObjectVersion[]): Promise<void> {
    const [current, ...noncurrent] = versions;
    if (!current) return;
    const expiration = rule.expiration;
    if (!current.deleteMarker) {
      if (expiration && this.currentDue(rule, current.lastModified) && !this.expiredKeys.has(current.key)) {
        if ((await this.applies(rule, current, true)) && (await this.remove(current.key))) {
          this.expiredKeys.add(current.key);
          this.report.expired++;
        }
      }
    } else if (noncurrent.length === 0 && expiration && current.key.startsWith(scopeOf(rule).prefix)) {
      // An expired object delete marker: the only version left of its key.
      const expired =
        expiration.expiredObjectDeleteMarker === true ||
        (expiration.days !== undefined && this.due(current.lastModified, expiration.days));
      if (expired && (await this.remove(current.key, current.versionId))) this.report.deleteMarkersRemoved++;
    }
    const policy = rule.noncurrentVersionExpiration;
    if (!policy) return;
    for (const [index, version] of noncurrent.entries()) {
      // `index` newer noncurrent versions exist above this one; the newest NewerNoncurrentVersions are kept.
      if (policy.newerNoncurrentVersions !== undefined && index < policy.newerNoncurrentVersions) continue;
      const becameNoncurrent = versions[index]!.lastModified;
      if (!this.due(becameNoncurrent, policy.noncurrentDays) || !(await this.applies(rule, version, false))) continue;
      if (await this.remove(version.key, version.versionId)) this.report.noncurrentRemoved++;
    }
  }

  /** The rule's filter on the object; tags are read only when the rule names some. */
  private async applies(
    rule: LifecycleRule,
    object: ObjectFacts & { versionId?: string; seq?: string },
    isCurrent = true,
  ): Promise<boolean> {
    if (!needsTags(rule)) return ruleApplies(rule, object);
    const record =
      isCurrent || object.seq === undefined
        ? await this.deps.objects.get(this.bucket.name, object.key)
        : await this.deps.versions.get(this.bucket.name, object.key, object.seq);
    return record !== undefined && ruleApplies(rule, { key: object.key, size: object.size, tags: record.tags });
  }

  /** A user's delete of the key (or of one version): what S3's lifecycle does, with its rules (a lock refuses it). */
  private async remove(key: string, versionId?: string): Promise<boolean> {
    try {
      await deleteFromBucket(this.deps, this.owner, this.bucket, key, {
        lifecycle: true,
        ...(versionId === undefined ? {} : { versionId }),
      });
      return true;
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      this.report.refused++;
      return false;
    }
  }
}
