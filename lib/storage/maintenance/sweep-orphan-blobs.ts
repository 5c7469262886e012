import type { UploadCatalog } from '../model/multipart-upload';
import { blobIdsOf, type ObjectCatalog } from '../model/object-record';
import type { VersionCatalog } from '../model/object-version';
import type { BlobInventory } from '../store/blob-inventory';
import type { BlobOrigin } from '../store/blob-storage';

export interface SweepReport {
  examined: number;
  /** Younger than the cutoff: possibly an upload between its blob write and its metadata commit. */
  tooYoung: number;
  referenced: number;
  removed: number;
}

/**
 * Removes blobs that no object points at (DESIGN §5: "orphans are swept"). Orphans appear when a
 * function dies between writing a blob and committing its metadata, or before removing a replaced
 * blob. Only blobs older than `olderThan` are considered: an upload in flight commits within a
 * function's timeout (29 s), and a blob id is committed only by the request that wrote it, so an old
 * unreferenced blob can never become referenced again. Referenced means: the key's current record or
 * one of its versions points at it (one query of the key's history, only when the current record does not),
 * a multipart manifest included; or, for a part blob, its upload's part record still does.
 */
export async function sweepOrphanBlobs(
  deps: SweepDeps & { inventory: BlobInventory },
  options: { olderThan: Date },
): Promise<SweepReport> {
  const report: SweepReport = { examined: 0, tooYoung: 0, referenced: 0, removed: 0 };
  let cursor: string | undefined;
  do {
    const page = await deps.inventory.list(cursor);
    for (const blob of page.blobs) {
      report.examined++;
      if (blob.lastModified >= options.olderThan) {
        report.tooYoung++;
        continue;
      }
      const origin = await deps.inventory.originOf(blob.blobId);
      if (origin && (await isReferenced(deps, origin, blob.blobId))) {
        report.referenced++;
        continue;
      }
      await deps.inventory.delete(blob.blobId);
      report.removed++;
    }
    cursor = page.next;
  } while (cursor);
  return report;
}

interface SweepDeps {
  objects: Pick<ObjectCatalog, 'get'>;
  versions: Pick<VersionCatalog, 'blobIds'>;
  uploads: Pick<UploadCatalog, 'part' | 'get'>;
}

async function isReferenced(deps: SweepDeps, origin: BlobOrigin, blobId: string): Promise<boolean> {
  // A part of a live upload: its part record points at it, and the upload is still there (a completion or
  // abort that died half-way may leave part records without their upload).
  if (origin.uploadId !== undefined && origin.partNumber !== undefined) {
    const part = await deps.uploads.part(origin.uploadId, origin.partNumber);
    if (part?.blobId === blobId && (await deps.uploads.get(origin.bucket, origin.key, origin.uploadId))) return true;
  }
  const current = await deps.objects.get(origin.bucket, origin.key);
  if (current && blobIdsOf(current).includes(blobId)) return true;
  return (await deps.versions.blobIds(origin.bucket, origin.key)).includes(blobId);
}
