import { aclFromHeaders } from '../acl/grant-headers';
import { aclForNewResource } from '../acl/resolve-acl';
import { type Grant, type Owner, ownerFullControl } from '../model/access-control';
import type { BucketRecord } from '../model/bucket';
import { assertAclsEnabled } from '../model/object-ownership';
import { ownerOf, type Principal } from '../model/principal';
import { assertNoPublicAcl } from '../model/public-access-block';
import type { StorageDeps } from '../store/storage-deps';

type Headers = Readonly<Record<string, readonly string[]>>;

/**
 * Who owns an object a request writes (PutObject, POST Object, CopyObject, CreateMultipartUpload) and its ACL, by the
 * bucket's Object Ownership: the writer, with the requested ACL (ObjectWriter, or no setting); the bucket owner, with
 * its full control, under BucketOwnerEnforced (where any ACL but bucket-owner-full-control is refused) and under
 * BucketOwnerPreferred when the writer grants it bucket-owner-full-control. A public ACL on a bucket that blocks
 * them is refused.
 */
export async function newObjectAccess(
  deps: StorageDeps,
  headers: Headers,
  principal: Principal,
  bucket: BucketRecord,
): Promise<{ owner: Owner; acl: Grant[] }> {
  const bucketOwner = { id: bucket.ownerId, displayName: bucket.ownerDisplayName };
  const requested = aclFromHeaders(headers);
  const givesBucketOwnerFullControl = requested.kind === 'canned' && requested.name === 'bucket-owner-full-control';
  const ownedByBucketOwner = { owner: bucketOwner, acl: [ownerFullControl(bucketOwner)] };
  if (bucket.ownership === 'BucketOwnerEnforced') {
    if (requested.kind !== 'none' && !givesBucketOwnerFullControl) assertAclsEnabled(bucket);
    return ownedByBucketOwner;
  }
  if (bucket.ownership === 'BucketOwnerPreferred' && givesBucketOwnerFullControl) return ownedByBucketOwner;
  const writer = ownerOf(principal);
  const acl = await aclForNewResource(deps.users, headers, writer, bucketOwner);
  assertNoPublicAcl(bucket, acl);
  return { owner: writer, acl };
}
