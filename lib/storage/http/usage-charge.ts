import type { Principal } from '../auth/principal';
import { payerOf } from '../billing/request-usage';
import type { BucketRecord } from '../buckets/bucket';
import type { S3Response } from '../requests/s3-response';
import type { StorageDeps } from '../storage-deps';

/** Records the request's usage for its payer (one atomic counter update) and tells a paying requester, as S3 does. */
export async function chargeRequest(
  deps: StorageDeps,
  bucket: BucketRecord,
  principal: Principal,
  body: Buffer,
  response: S3Response,
): Promise<S3Response> {
  const { payerId, requesterCharged } = payerOf(bucket, principal);
  const bytesOut = response.body === undefined ? 0 : Buffer.byteLength(response.body);
  const day = deps.now().toISOString().slice(0, 10);
  await deps.usage.record({ bucket: bucket.name, payerId, day, requests: 1, bytesIn: body.length, bytesOut });
  if (!requesterCharged) return response;
  return { ...response, headers: { ...response.headers, 'x-amz-request-charged': 'requester' } };
}
