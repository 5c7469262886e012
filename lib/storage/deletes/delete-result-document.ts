import { s3Document } from '../xml/s3-documents';
import type { DeleteObjectsEntry } from './delete-objects';

/** DeleteResult: a Deleted element per key (only in verbose mode) and an Error element per refused key, in request order. */
export function deleteResultXml(entries: DeleteObjectsEntry[], quiet: boolean): string {
  const deleted = entries.flatMap((entry) => {
    if (entry.kind !== 'deleted' || quiet) return [];
    const version = entry.requestedVersionId === undefined ? {} : { VersionId: entry.requestedVersionId };
    // A marker created by this delete, or the marker that a versioned delete removed: S3 names it in both cases.
    const marker = entry.deleteMarker ? { DeleteMarker: true, DeleteMarkerVersionId: entry.versionId } : {};
    return [{ Key: entry.key, ...version, ...marker }];
  });
  const errors = entries.flatMap((entry) =>
    entry.kind === 'error'
      ? [
          {
            Key: entry.key,
            ...(entry.requestedVersionId === undefined ? {} : { VersionId: entry.requestedVersionId }),
            Code: entry.code,
            Message: entry.message,
          },
        ]
      : [],
  );
  return s3Document('DeleteResult', {
    ...(deleted.length > 0 ? { Deleted: deleted } : {}),
    ...(errors.length > 0 ? { Error: errors } : {}),
  });
}
