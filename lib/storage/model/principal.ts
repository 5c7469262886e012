import type { RequestFacts } from './condition-keys';
import type { StorageUser } from './storage-user';

/**
 * Who a request acts as: a storage user proven by a signature, or anonymous; with the facts of the request a bucket
 * policy's conditions read (source address, transport, headers, query), when it came through the S3 API.
 */
export type Principal =
  | {
      kind: 'user';
      user: StorageUser;
      /** `x-amz-request-payer: requester`: the user agrees to pay for requests on Requester-pays buckets. */
      paysAsRequester?: boolean;
      facts?: RequestFacts;
      access?: AccessNote;
    }
  | { kind: 'anonymous'; facts?: RequestFacts; access?: AccessNote };

/** What one request's authorization relied on, noted by the evaluator for its access log record (S3's ACLRequired). */
export interface AccessNote {
  /** An ACL grant to someone other than the bucket owner allowed it. */
  aclRequired?: boolean;
}

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** The owner S3 records for what anonymous requests create (objects in a public-write bucket). */
export const ANONYMOUS_OWNER = { id: '65a011a29cdf8ec533ec3d1ccaae921c', displayName: 'anonymous' } as const;

/** The bucket owner, as the passes that act for it (lifecycle, log delivery) present themselves to the use cases. */
export const bucketOwnerPrincipal = (bucket: { ownerId: string; ownerDisplayName: string }): Principal => ({
  kind: 'user',
  user: { id: bucket.ownerId, displayName: bucket.ownerDisplayName, email: '', accessKey: '', createdAt: '' },
});

/** The owner of what a principal creates. */
export const ownerOf = (principal: Principal): { id: string; displayName: string } =>
  principal.kind === 'user' ? { id: principal.user.id, displayName: principal.user.displayName } : ANONYMOUS_OWNER;
