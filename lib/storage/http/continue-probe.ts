import { bucketFor } from '../access/bucket-access';
import { authenticateHeaders } from '../auth/request-authenticator';
import type { AccessKeyResolver } from '../model/storage-user';
import { header, type S3Request } from '../requests/s3-request';
import { emptyResult, type S3Response } from '../requests/s3-response';
import type { StorageDeps } from '../store/storage-deps';
import { withRequestFacts } from './request-facts';

/**
 * The header with which the local HTTP layer asks, before it answers `100 Continue`, whether an upload would be
 * refused (the patched serverless offline sends it with the client's headers and no body; its value is the upload's
 * Content-Length). Not an x-amz-* header:
 * SigV2 signs every one of those, and the client did not sign this one. Sent by anyone else it only earns them the
 * same answer, with nothing written.
 */
export const CONTINUE_PROBE_HEADER = 'x-gwstore-continue-probe';

export const isContinueProbe = (request: S3Request) => header(request, CONTINUE_PROBE_HEADER) !== undefined;

/**
 * As Ceph RGW does, an upload that will be refused is refused before its body is sent: the signature and the
 * principal's right to write into the bucket (which every object upload needs) are checked from the headers alone.
 * Anything else (the body's hash, checksums, per-request rules) is judged with the body, as usual.
 */
export async function answerContinueProbe(deps: StorageDeps, keys: AccessKeyResolver, request: S3Request): Promise<S3Response> {
  // The probe carries the upload's own Content-Length (it has no body itself), which the signature may cover.
  const declared = header(request, CONTINUE_PROBE_HEADER) ?? '';
  const upload = { ...request, headers: { ...request.headers, ...(declared === '' ? {} : { 'content-length': [declared] }) } };
  const principal = withRequestFacts(await authenticateHeaders(upload, keys, deps.now()), upload, deps.now());
  if (request.bucket !== undefined && request.key !== undefined && ['PUT', 'POST'].includes(request.method)) {
    await bucketFor(deps, principal, request.bucket, 'PutObject', request.key);
  }
  return emptyResult(200);
}
