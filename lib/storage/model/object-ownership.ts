import { type Grant, type Owner, ownerFullControl, sameGrants } from './access-control';
import { StorageError } from './errors';

/** S3's Object Ownership settings. No setting at all (RGW's and s3-tests' default) behaves as ObjectWriter. */
export const OBJECT_OWNERSHIPS = ['BucketOwnerEnforced', 'BucketOwnerPreferred', 'ObjectWriter'] as const;
export type ObjectOwnership = (typeof OBJECT_OWNERSHIPS)[number];

export const isObjectOwnership = (value: unknown): value is ObjectOwnership =>
  (OBJECT_OWNERSHIPS as readonly unknown[]).includes(value);

/** With BucketOwnerEnforced ACLs are disabled: a request that sets one is 400 AccessControlListNotSupported. */
export function assertAclsEnabled(bucket: { ownership?: ObjectOwnership }): void {
  if (bucket.ownership === 'BucketOwnerEnforced') throw new StorageError('AccessControlListNotSupported');
}

/**
 * ACLs can be disabled only on a bucket whose ACL gives its owner full control and nobody anything
 * (S3: 400 InvalidBucketAclWithObjectOwnership), so that the bucket's ACL, which decides access from then on, is private.
 */
export function assertOwnershipFitsAcl(ownership: ObjectOwnership | undefined, acl: readonly Grant[], owner: Owner): void {
  if (ownership === 'BucketOwnerEnforced' && !sameGrants(acl, [ownerFullControl(owner)])) {
    throw new StorageError('InvalidBucketAclWithObjectOwnership');
  }
}

/** CreateBucket's `x-amz-object-ownership`; an unknown value is InvalidArgument. */
export function requestedOwnership(headers: Readonly<Record<string, readonly string[]>>): ObjectOwnership | undefined {
  const value = headers['x-amz-object-ownership']?.join(',');
  if (value === undefined) return undefined;
  if (!isObjectOwnership(value)) {
    throw new StorageError('InvalidArgument', 'Invalid x-amz-object-ownership header', {
      ArgumentName: 'x-amz-object-ownership',
      ArgumentValue: value,
    });
  }
  return value;
}
