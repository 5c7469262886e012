import { bucketFor } from '../access/bucket-access';
import { grantsOf } from '../model/access-control';
import type { BucketRecord } from '../model/bucket';
import type { Principal } from '../model/principal';
import { isPublicGrant } from '../model/public-access-block';
import { parsePolicy } from '../policy/parse-policy';
import { isPublicPolicy } from '../policy/public-policy';
import type { StorageDeps } from '../store/storage-deps';
import { s3Document } from '../xml/s3-documents';

/**
 * GET `?policyStatus`: is the bucket public, by its policy or (as RGW also counts) by an ACL granting to everyone or
 * to every signed user. A bucket without a policy is not public by policy, not a 404 (RGW's answer, which s3-tests hold).
 */
export async function bucketIsPublic(deps: StorageDeps, principal: Principal, name: string): Promise<boolean> {
  const bucket = await bucketFor(deps, principal, name, 'GetBucketPolicyStatus');
  return isPublicByPolicy(bucket) || grantsOf(bucket).some(isPublicGrant);
}

/** Does the bucket's policy (if any) grant to everyone? */
export const isPublicByPolicy = (bucket: Pick<BucketRecord, 'name' | 'policy'>): boolean =>
  bucket.policy !== undefined && isPublicPolicy(parsePolicy(bucket.policy, bucket.name));

export const policyStatusXml = (isPublic: boolean) => s3Document('PolicyStatus', { IsPublic: isPublic });
