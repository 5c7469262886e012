import { ALL_USERS, AUTHENTICATED_USERS, type Grant, LOG_DELIVERY, type Owner, ownerFullControl } from '../model/access-control';
import { StorageError } from '../model/errors';

const group = (uri: string, permission: Grant['permission']): Grant => ({ grantee: { type: 'Group', uri }, permission });

/**
 * The grants of a canned ACL (`x-amz-acl`), as S3 expands them. `bucket-owner-*` add the bucket owner
 * when it is not the object's owner (on a bucket they are plain `private`, as S3 treats them).
 */
export function cannedGrants(name: string, owner: Owner, bucketOwner: Owner = owner): Grant[] {
  const grants = [ownerFullControl(owner)];
  const bucketOwnerGrant = (permission: Grant['permission']) =>
    bucketOwner.id === owner.id
      ? []
      : [{ grantee: { type: 'CanonicalUser' as const, id: bucketOwner.id, displayName: bucketOwner.displayName }, permission }];
  switch (name) {
    case 'private':
      return grants;
    case 'public-read':
      return [...grants, group(ALL_USERS, 'READ')];
    case 'public-read-write':
      return [...grants, group(ALL_USERS, 'READ'), group(ALL_USERS, 'WRITE')];
    case 'authenticated-read':
      return [...grants, group(AUTHENTICATED_USERS, 'READ')];
    case 'bucket-owner-read':
      return [...grants, ...bucketOwnerGrant('READ')];
    case 'bucket-owner-full-control':
      return [...grants, ...bucketOwnerGrant('FULL_CONTROL')];
    case 'log-delivery-write':
      return [...grants, group(LOG_DELIVERY, 'WRITE'), group(LOG_DELIVERY, 'READ_ACP')];
    default:
      throw new StorageError('InvalidArgument', undefined, { ArgumentName: 'x-amz-acl', ArgumentValue: name });
  }
}
