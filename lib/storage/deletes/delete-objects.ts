import { createHash } from 'node:crypto';
import { isAllowed } from '../access/authorization';
import { existingBucket } from '../access/bucket-access';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import { s3MessageOf } from '../model/s3-error-codes';
import { type DeleteOutcome, deleteFromBucket } from '../objects/delete-object';
import { MULTI_DELETE_WORK_BUDGET, workMeter } from '../policy/work-meter';
import type { StorageDeps } from '../store/storage-deps';
import { deletePrecondition } from '../store/write-conditions';
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
  // Each entry is judged on its own, as S3 judges it: by key, and an entry naming a version as s3:DeleteObjectVersion.
  // The entries share one wildcard budget: a thousand hostile keys cannot cost a thousand budgets.
  const meter = workMeter(MULTI_DELETE_WORK_BUDGET);
  const allowed = (key: string, versionId: string | undefined) =>
    isAllowed(principal, 'DeleteObject', { bucket, key, meter, ...(versionId === undefined ? {} : { versionId }) });
  const entries: DeleteObjectsEntry[] = new Array(request.objects.length);
  let next = 0;
  const worker = async () => {
    while (next < request.objects.length) {
      const index = next++;
      const { key, versionId, conditions } = request.objects[index]!;
      const requested = versionId === undefined ? {} : { requestedVersionId: versionId };
      try {
        if (!allowed(key, versionId)) throw new StorageError('AccessDenied');
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
