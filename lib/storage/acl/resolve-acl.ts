import { GROUP_URIS, type Grant, type Owner, type RequestedGrant } from '../model/access-control';
import { StorageError } from '../model/errors';
import type { UserDirectory } from '../model/storage-user';
import { cannedGrants } from './canned-acl';
import { aclFromHeaders } from './grant-headers';

/** Grants as stored: e-mail addresses become canonical ids (UnresolvableGrantByEmailAddress when unknown), ids must exist. */
export async function resolveGrants(users: UserDirectory, grants: readonly RequestedGrant[]): Promise<Grant[]> {
  return Promise.all(
    grants.map(async ({ grantee, permission }): Promise<Grant> => {
      if (grantee.type === 'Group') {
        if (!GROUP_URIS.includes(grantee.uri))
          throw new StorageError('InvalidArgument', 'Invalid group uri', {
            ArgumentName: 'Group/URI',
            ArgumentValue: grantee.uri,
          });
        return { grantee, permission };
      }
      if (grantee.type === 'AmazonCustomerByEmail') {
        const user = await users.findByEmail(grantee.email);
        if (!user) throw new StorageError('UnresolvableGrantByEmailAddress', undefined, { EmailAddress: grantee.email });
        return { grantee: { type: 'CanonicalUser', id: user.id, displayName: user.displayName }, permission };
      }
      const user = await users.get(grantee.id);
      if (!user)
        throw new StorageError('InvalidArgument', 'Invalid id', { ArgumentName: 'CanonicalUser/ID', ArgumentValue: grantee.id });
      return { grantee: { type: 'CanonicalUser', id: user.id, displayName: user.displayName }, permission };
    }),
  );
}

/** The ACL of a bucket or object being created: the request's canned ACL or grant headers, `private` without either. */
export async function aclForNewResource(
  users: UserDirectory,
  headers: Readonly<Record<string, readonly string[]>>,
  owner: Owner,
  bucketOwner: Owner = owner,
): Promise<Grant[]> {
  const requested = aclFromHeaders(headers);
  if (requested.kind === 'grants') return resolveGrants(users, requested.grants);
  return cannedGrants(requested.kind === 'canned' ? requested.name : 'private', owner, bucketOwner);
}
