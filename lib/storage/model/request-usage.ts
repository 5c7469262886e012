import type { BucketRecord } from './bucket';
import type { Principal } from './principal';

/** One request's usage, charged to one payer of one bucket on one (UTC) day. */
export interface UsageEntry {
  bucket: string;
  payerId: string;
  day: string;
  requests: number;
  bytesIn: number;
  bytesOut: number;
}

/** Usage counters (port): atomic additions per bucket × payer × day. */
export interface UsageMeter {
  record(entry: UsageEntry): Promise<void>;
  list(bucket: string): Promise<UsageEntry[]>;
}

/**
 * Who pays for a request on this bucket: the requester when the bucket is Requester-pays and a signed
 * non-owner acknowledged it with `x-amz-request-payer: requester` (the evaluator refuses the others), the owner otherwise.
 */
export function payerOf(bucket: BucketRecord, principal: Principal): { payerId: string; requesterCharged: boolean } {
  const requester = principal.kind === 'user' && principal.user.id !== bucket.ownerId ? principal.user.id : undefined;
  if (bucket.requestPayer === 'Requester' && requester !== undefined) return { payerId: requester, requesterCharged: true };
  return { payerId: bucket.ownerId, requesterCharged: false };
}
