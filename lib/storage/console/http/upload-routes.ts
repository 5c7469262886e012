import type { ApiResult, ErrorRenderer } from '../../../http';
import { DependencyUnavailableError, jsonBody, jsonResponse, MalformedJsonError, withRetryAfter } from '../../../http';
import { CsrfRefusedError } from '../../../http/web';
import { StorageError } from '../../model/errors';
import { s3MessageOf } from '../../model/s3-error-codes';
import { browserPartUrl, startBrowserUpload } from '../uploads/browser-upload';
import { bucketNameOf } from './bucket-routes';
import { type SignedInConsoleRequest, s3StatusOf } from './console-endpoint';
import { ConsoleNotFoundError } from './console-errors';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * POST /v1/console/buckets/{bucket}/uploads (the upload script's JSON, CSRF token in `x-csrf-token`):
 * `{"op":"start","key","size","contentType"}` → a presigned PUT, or a multipart upload with its Complete/Abort URLs;
 * `{"op":"part","key","uploadId","partNumber"}` → one presigned UploadPart URL.
 */
export async function presignUpload(request: SignedInConsoleRequest): Promise<ApiResult> {
  const parsed = jsonBody(request.event);
  const body = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const bucket = bucketNameOf(request);
  const key = String(body.key ?? '');
  if (body.op === 'start') {
    const size = Number(body.size);
    if (!Number.isSafeInteger(size) || size < 0) throw new StorageError('InvalidArgument', 'size must be a byte count');
    const input = { bucket, key, size, contentType: String(body.contentType ?? '').slice(0, 255) };
    return jsonResponse(200, await startBrowserUpload(request.deps, request.actor, input, request.target), NO_STORE);
  }
  if (body.op === 'part') {
    const input = { bucket, key, uploadId: String(body.uploadId ?? ''), partNumber: String(body.partNumber ?? '') };
    return jsonResponse(200, { url: browserPartUrl(request.deps, request.actor, input, request.target) }, NO_STORE);
  }
  throw new StorageError('InvalidArgument', 'op must be start or part');
}

/** Without a session the script gets JSON it can show (a redirect to the sign-in page would be HTML). */
export function uploadSessionEnded(): Promise<ApiResult> {
  const error = { code: 'SignedOut', message: 'Your session has ended: sign in again, then upload.' };
  return Promise.resolve(jsonResponse(401, { error }, NO_STORE));
}

/** The upload endpoint answers its script in JSON: `{"error":{"code","message"}}` with S3's code and status. */
export const renderUploadError: ErrorRenderer = (error, { requestId }) => {
  const answer = (status: number, code: string, message: string) =>
    jsonResponse(status, { error: { code, message, requestId } }, NO_STORE);
  if (error instanceof CsrfRefusedError) return answer(403, 'CsrfRefused', error.message);
  if (error instanceof MalformedJsonError) return answer(400, 'MalformedJson', error.message);
  if (error instanceof ConsoleNotFoundError) return answer(404, 'NotFound', error.message);
  if (error instanceof StorageError) return answer(s3StatusOf(error), error.code, s3MessageOf(error));
  if (error instanceof DependencyUnavailableError) {
    return withRetryAfter(answer(503, 'ServiceUnavailable', 'Briefly unavailable; try again in a moment.'), error);
  }
  return answer(500, 'InternalError', 'Something went wrong; try again.');
};
