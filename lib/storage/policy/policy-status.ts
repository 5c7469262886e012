import { grantsOf } from '../acl/access-control';
import type { Principal } from '../auth/principal';
import type { BucketRecord } from '../buckets/bucket';
import { bucketFor } from '../buckets/bucket-operations';
import { isPublicGrant } from '../public-access/public-access-block';
import type { StorageDeps } from '../storage-deps';
import { s3Document } from '../xml/s3-documents';
import { parsePolicy } from './parse-policy';
import { isPublicPolicy } from './public-policy';

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
