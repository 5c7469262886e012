import { createHash } from 'node:crypto';
import type { Principal } from '../auth/principal';
import { isAllowed } from '../authorization';
import { existingBucket } from '../buckets/bucket-operations';
import { StorageError } from '../errors';
import { type DeleteOutcome, deleteFromBucket } from '../objects/delete-object';
import { deletePrecondition } from '../objects/write-conditions';
import { s3MessageOf } from '../s3-error-codes';
import type { StorageDeps } from '../storage-deps';
import type { DeleteRequest } from './delete-request';

export type DeleteObjectsEntry =
  | ({ kind: 'deleted'; key: string; requestedVersionId?: string } & DeleteOutcome)
  | { kind: 'error'; key: string; requestedVersionId?: string; code: string; message: string };

/** Keys deleted at once: enough to hide DynamoDB latency, few enough not to burst a partition. */
const PARALLEL_DELETES = 16;

/**
 * DeleteObjects (`POST ?delete`): up to 1,000 keys, each deleted as DeleteObject would (versions, markers),
 * each answered on its own: a refusal of one key is an entry of the result, never the failure of the request.
 */
export async function deleteObjects(
  deps: StorageDeps,
  principal: Principal,
  name: string,
  request: DeleteRequest,
  /** x-amz-bypass-governance-retention: for every key of the request. */
  bypassGovernanceRequested = false,
): Promise<DeleteObjectsEntry[]> {
  const bucket = await existingBucket(deps, name);
  // Each key is judged on its own: a bucket policy may allow or deny deletes by key.
  const allowed = (key: string) => isAllowed(principal, 'DeleteObject', { bucket, key });
  const entries: DeleteObjectsEntry[] = new Array(request.objects.length);
  let next = 0;
  const worker = async () => {
    while (next < request.objects.length) {
      const index = next++;
      const { key, versionId, conditions } = request.objects[index]!;
      const requested = versionId === undefined ? {} : { requestedVersionId: versionId };
      try {
        if (!allowed(key)) throw new StorageError('AccessDenied');
        entries[index] = {
          kind: 'deleted',
          key,
          ...requested,
          ...(await deleteFromBucket(deps, principal, bucket, key, {
            versionId,
            precondition: deletePrecondition(conditions),
            bypassGovernanceRequested,
          })),
        };
      } catch (error) {
        if (!(error instanceof StorageError) || error.code === 'InternalError') throw error;
        entries[index] = { kind: 'error', key, ...requested, code: error.code, message: s3MessageOf(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DELETES, request.objects.length) }, worker));
  return entries;
}

/** S3 requires an integrity check on this request: Content-MD5, or one of the additional checksums (verified by the authenticator). */
export function assertDeleteBodyIntegrity(headers: Readonly<Record<string, readonly string[]>>, body: Buffer): void {
  const contentMd5 = headers['content-md5']?.join(',');
  const hasChecksum = Object.keys(headers).some((name) => name.startsWith('x-amz-checksum-') && name !== 'x-amz-checksum-type');
  if (contentMd5 === undefined) {
    if (hasChecksum) return;
    throw new StorageError('InvalidRequest', 'Missing required header for this request: Content-MD5');
  }
  const given = Buffer.from(contentMd5.trim(), 'base64');
  if (given.length !== 16) throw new StorageError('InvalidDigest');
  if (!given.equals(createHash('md5').update(body).digest())) throw new StorageError('BadDigest');
}
