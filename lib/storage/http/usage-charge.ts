import type { BucketRecord } from '../model/bucket';
import type { Principal } from '../model/principal';
import { payerOf } from '../model/request-usage';
import type { S3Response } from '../requests/s3-response';
import type { StorageDeps } from '../store/storage-deps';

/**
 * Counts the request's usage for its payer (into the container's batch, written now and then: BatchedUsageMeter; run
 * after the answer: see S3Response.after) and tells a paying requester, as S3 does.
 */
export function chargeRequest(
  deps: StorageDeps,
  bucket: BucketRecord,
  principal: Principal,
  body: Buffer,
  response: S3Response,
): S3Response {
  const { payerId, requesterCharged } = payerOf(bucket, principal);
  const bytesOut = response.body === undefined ? 0 : Buffer.byteLength(response.body);
  const day = deps.now().toISOString().slice(0, 10);
  const entry = { bucket: bucket.name, payerId, day, requests: 1, bytesIn: body.length, bytesOut };
  const earlier = response.after;
  const after = async () => {
    await earlier?.();
    await deps.usage.record(entry);
  };
  if (!requesterCharged) return { ...response, after };
  return { ...response, headers: { ...response.headers, 'x-amz-request-charged': 'requester' }, after };
}
