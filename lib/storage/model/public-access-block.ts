import { ALL_USERS, AUTHENTICATED_USERS, type Grant } from './access-control';
import { StorageError } from './errors';

/** A bucket's PublicAccessBlockConfiguration, as S3 names its four flags. */
export interface PublicAccessBlock {
  BlockPublicAcls: boolean;
  IgnorePublicAcls: boolean;
  BlockPublicPolicy: boolean;
  RestrictPublicBuckets: boolean;
}

export const PUBLIC_ACCESS_FLAGS = ['BlockPublicAcls', 'IgnorePublicAcls', 'BlockPublicPolicy', 'RestrictPublicBuckets'] as const;

/** A grant to everyone or to every signed user: what S3 calls public in an ACL. */
export const isPublicGrant = (grant: Grant) =>
  grant.grantee.type === 'Group' && (grant.grantee.uri === ALL_USERS || grant.grantee.uri === AUTHENTICATED_USERS);

/** BlockPublicAcls: an ACL (PUT ?acl, or one given with a write) that makes the bucket or an object public is 403 AccessDenied. */
export function assertNoPublicAcl(bucket: { publicAccessBlock?: PublicAccessBlock }, acl: readonly Grant[]): void {
  if (bucket.publicAccessBlock?.BlockPublicAcls && acl.some(isPublicGrant)) throw new StorageError('AccessDenied');
}
