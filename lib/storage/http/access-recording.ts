import { logger } from '../../log';
import { accessLogRecord, operationOf } from '../access-logs/access-log-record';
import type { RequestBuckets } from '../buckets/request-buckets';
import { parseDeleteRequest } from '../deletes/delete-request';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import { S3_ERROR_CODES } from '../model/s3-error-codes';
import type { S3Request } from '../requests/s3-request';
import type { S3Response } from '../requests/s3-response';
import type { StorageDeps } from '../store/storage-deps';

/** What the pipeline learns about a request while serving it, for its access log record. */
export interface RequestTrace {
  startedAt: Date;
  principal?: Principal;
}

/**
 * Buffers the request's access log record when its bucket logs (the bucket as the request read it: no extra read).
 * Delivery to the target bucket is the flush pass's, never this request's; a failure to buffer is logged, and the
 * request is answered as if logging were off.
 */
export async function recordAccess(
  deps: StorageDeps,
  buckets: RequestBuckets,
  request: S3Request,
  trace: RequestTrace,
  outcome: S3Response | StorageError,
): Promise<void> {
  const bucket = request.bucket === undefined ? undefined : buckets.remembered(request.bucket);
  if (!bucket?.logging) return;
  const failed = outcome instanceof StorageError;
  const headers = failed ? {} : outcome.headers;
  const body = failed ? undefined : outcome.body;
  const facts = {
    request,
    bucketOwner: bucket.ownerId,
    ...(trace.principal?.kind === 'user' ? { requester: trace.principal.user.id } : {}),
    status: failed ? S3_ERROR_CODES[outcome.code][0] : outcome.status,
    ...(failed ? { errorCode: outcome.code } : {}),
    bytesSent:
      typeof body === 'string'
        ? Buffer.byteLength(body)
        : Buffer.isBuffer(body)
          ? body.length
          : Number(headers['content-length'] ?? 0),
    ...(request.method === 'PUT' && request.key !== undefined ? { objectSize: request.body.length } : {}),
    ...(headers['x-amz-version-id'] ? { versionId: headers['x-amz-version-id'] } : {}),
    startedAt: trace.startedAt,
    endedAt: deps.now(),
    aclRequired: trace.principal?.access?.aclRequired === true,
  };
  // A multi-object delete is logged per key, as S3 and RGW log it.
  const keys = operationOf(request) === 'REST.POST.DELETE_MULTI_OBJECT' ? deletedKeys(request) : [undefined];
  const lines = keys.map((key) => accessLogRecord({ ...facts, ...(key === undefined ? {} : { key }) }));
  try {
    await deps.accessLogs.append(bucket.name, trace.startedAt, request.requestId, lines);
  } catch (error) {
    logger().warn('access log record not buffered', {
      bucket: bucket.name,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The keys a multi-object delete names (the request was answered: its body parsed then, and parses now). */
function deletedKeys(request: S3Request): (string | undefined)[] {
  try {
    return parseDeleteRequest(request.body.toString('utf8')).objects.map((object) => object.key);
  } catch {
    return [undefined];
  }
}
