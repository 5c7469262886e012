import type { Principal } from '../auth/principal';
import { emptyResult, xmlResult } from '../requests/s3-response';
import type { StorageDeps } from '../storage-deps';
import type { RouteTable } from './s3-call';

/** The use cases of one bucket configuration sub-resource (`?tagging`, `?ownershipControls`, `?publicAccessBlock`). */
export interface BucketConfiguration<T> {
  get(deps: StorageDeps, principal: Principal, bucket: string): Promise<T>;
  xml(value: T): string;
  put(deps: StorageDeps, principal: Principal, bucket: string, body: Buffer): Promise<void>;
  remove(deps: StorageDeps, principal: Principal, bucket: string): Promise<void>;
}

/** GET (the document), PUT (200) and DELETE (204) of a bucket configuration, as S3 answers them. */
export function configurationRoute<T>(configuration: BucketConfiguration<T>): RouteTable[string] {
  return {
    GET: async ({ deps, principal, bucket }) => xmlResult(configuration.xml(await configuration.get(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await configuration.put(deps, principal, bucket, body);
      return emptyResult(200);
    },
    DELETE: async ({ deps, principal, bucket }) => {
      await configuration.remove(deps, principal, bucket);
      return emptyResult(204);
    },
  };
}
