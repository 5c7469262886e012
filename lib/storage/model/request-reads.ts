import type { BucketRecord } from './bucket';
import type { ObjectRecord } from './object-record';
import type { ResolvedAccessKey } from './storage-user';

/** What a request needs that is addressable before it runs: the access key it claims, its bucket, its object. */
export interface RequestReadPlan {
  accessKey?: string;
  bucket?: string;
  /** The object `key` of `bucket` (only with `bucket`). */
  key?: string;
}

/** The items of a plan as read together; a field is present when it was asked for (its value undefined when missing). */
export interface RequestReads {
  accessKey?: { value: ResolvedAccessKey | undefined };
  bucket?: { value: BucketRecord | undefined };
  object?: { value: ObjectRecord | undefined };
}

/** Reads a plan's items in one round trip (port). Nothing is cached: every request reads them afresh. */
export interface RequestReader {
  read(plan: RequestReadPlan): Promise<RequestReads>;
}
