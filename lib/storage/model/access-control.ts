/** S3 ACL vocabulary: permissions, grantees and grants, as AWS names them. */
export const PERMISSIONS = ['READ', 'WRITE', 'READ_ACP', 'WRITE_ACP', 'FULL_CONTROL'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';
export const AUTHENTICATED_USERS = 'http://acs.amazonaws.com/groups/global/AuthenticatedUsers';
export const LOG_DELIVERY = 'http://acs.amazonaws.com/groups/s3/LogDelivery';
export const GROUP_URIS: readonly string[] = [ALL_USERS, AUTHENTICATED_USERS, LOG_DELIVERY];

/** A stored grantee: grants by e-mail are resolved to the user's canonical id before they are stored, as S3 does. */
export type Grantee = { type: 'CanonicalUser'; id: string; displayName: string } | { type: 'Group'; uri: string };

export interface Grant {
  grantee: Grantee;
  permission: Permission;
}

/** A grantee as a request names it, before e-mail addresses and ids are resolved against the users. */
export type RequestedGrantee = { type: 'CanonicalUser'; id: string } | { type: 'AmazonCustomerByEmail'; email: string } | Grantee;

export interface RequestedGrant {
  grantee: RequestedGrantee;
  permission: Permission;
}

/** The owner of a bucket or an object and its grants: what the evaluator reads. */
export interface AccessControlled {
  ownerId: string;
  ownerDisplayName: string;
  /** Undefined on records written before ACLs existed: read as `private`. */
  acl?: Grant[];
}

export interface Owner {
  id: string;
  displayName: string;
}

/** The owner's FULL_CONTROL: the default (`private`) ACL. */
export const ownerFullControl = (owner: Owner): Grant => ({
  grantee: { type: 'CanonicalUser', id: owner.id, displayName: owner.displayName },
  permission: 'FULL_CONTROL',
});

export const grantsOf = (resource: AccessControlled): Grant[] =>
  resource.acl ?? [ownerFullControl({ id: resource.ownerId, displayName: resource.ownerDisplayName })];

const granteeKey = (grantee: Grantee) => (grantee.type === 'Group' ? '' : grantee.id);

/**
 * Grants in the order RGW lists them (its ACL is a map keyed by grantee id, and groups have none): group
 * grants first, then users by id, each in the order granted. s3-tests' check_grants relies on it.
 */
export const listingOrder = (grants: readonly Grant[]): Grant[] =>
  [...grants].sort((a, b) => {
    const [left, right] = [granteeKey(a.grantee), granteeKey(b.grantee)];
    return left < right ? -1 : left > right ? 1 : 0;
  });

/** The same grants, whatever their order and the display names they were stored with. */
export function sameGrants(a: readonly Grant[], b: readonly Grant[]): boolean {
  const signature = (grants: readonly Grant[]) =>
    grants
      .map(({ grantee, permission }) => `${grantee.type}:${grantee.type === 'Group' ? grantee.uri : grantee.id}:${permission}`)
      .sort()
      .join('\n');
  return signature(a) === signature(b);
}
