import { holds, isAllowed } from '../../access/authorization';
import { existingBucket } from '../../access/bucket-access';
import { listVersionsPage } from '../../listing/list-versions';
import { type Grant, grantsOf } from '../../model/access-control';
import type { BucketRecord } from '../../model/bucket';
import type { ObjectRecord } from '../../model/object-record';
import { ANONYMOUS } from '../../model/principal';
import { getObject } from '../../objects/get-object';
import type { ConsoleActor } from '../console-actor';
import type { ConsoleDependencies } from '../console-dependencies';

/** Versions shown per object: the newest ones (one ListObjectVersions page). */
export const VERSIONS_SHOWN = 100;

export interface VersionRow {
  versionId: string;
  isLatest: boolean;
  deleteMarker: boolean;
  size: number;
  etag: string;
  lastModified: string;
}

export interface ObjectDetails {
  bucket: BucketRecord;
  record: ObjectRecord;
  /** Undefined when the user may not read the ACL (READ_ACP). */
  grants?: Grant[];
  isPublic: boolean;
  /** Undefined when the bucket was never versioned or the user may not list versions. */
  versions?: VersionRow[];
  may: { delete: boolean; changeAcl: boolean; restore: boolean };
}

/**
 * An object's details: HeadObject (object READ), its ACL (READ_ACP) and its versions (bucket READ, as
 * ListObjectVersions), each only where the evaluator allows it, so the page shows what the API would.
 */
export async function objectDetails(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  input: { bucket: string; key: string; versionId?: string },
): Promise<ObjectDetails> {
  const principal = actor.as(input.versionId ? { query: [['versionId', input.versionId]] } : {});
  const head = await getObject(deps.storage, principal, { ...input, conditions: {}, withBody: false });
  const bucket = await existingBucket(deps.storage, input.bucket);
  const record = head.record;
  const grants = isAllowed(principal, 'GetObjectAcl', { bucket, object: record }) ? grantsOf(record) : undefined;
  const listable = bucket.versioning !== undefined && isAllowed(principal, 'ListBucketVersions', { bucket });
  return {
    bucket,
    record,
    ...(grants ? { grants } : {}),
    isPublic: holds(ANONYMOUS, record, 'READ'),
    ...(listable ? { versions: await versionsOf(deps, bucket, input.key) } : {}),
    may: {
      // Deleting the version shown is s3:DeleteObjectVersion, as the API's DELETE ?versionId.
      delete: isAllowed(principal, 'DeleteObject', {
        bucket,
        key: input.key,
        ...(input.versionId === undefined ? {} : { versionId: input.versionId }),
      }),
      changeAcl: isAllowed(principal, 'PutObjectAcl', { bucket, object: record }),
      restore: isAllowed(principal, 'PutObject', { bucket }),
    },
  };
}

async function versionsOf(deps: ConsoleDependencies, bucket: BucketRecord, key: string): Promise<VersionRow[]> {
  const page = await listVersionsPage(deps.storage, bucket, { prefix: key, maxKeys: VERSIONS_SHOWN, urlEncoded: false });
  return page.contents
    .filter((version) => version.key === key)
    .map((version) => ({
      versionId: version.versionId,
      isLatest: version.isLatest,
      deleteMarker: version.deleteMarker,
      size: version.size,
      etag: version.etag,
      lastModified: version.lastModified,
    }));
}
