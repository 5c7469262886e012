import {
  type AccessControlled,
  ALL_USERS,
  AUTHENTICATED_USERS,
  type Grantee,
  grantsOf,
  type Permission,
} from '../model/access-control';
import { StorageError } from '../model/errors';
import type { Principal } from '../model/principal';
import { isPublicGrant } from '../model/public-access-block';
import { bucketPolicyDecision, type PolicyBucket, type PolicyTarget } from '../policy/bucket-policy-decision';
import { ANSWERED_METHOD_NOT_ALLOWED, OWNER_ONLY_ACTIONS } from '../policy/owner-only-actions';

export type StorageAction =
  | 'ListAllMyBuckets'
  | 'CreateBucket'
  | 'ListBucket'
  | 'ListBucketVersions'
  | 'DeleteBucket'
  | 'GetBucketLocation'
  | 'GetBucketAcl'
  | 'PutBucketAcl'
  | 'GetBucketVersioning'
  | 'PutBucketVersioning'
  | 'GetBucketRequestPayment'
  | 'GetBucketCors'
  | 'PutBucketCors'
  | 'GetBucketEncryption'
  | 'PutBucketEncryption'
  | 'PutBucketRequestPayment'
  | 'PutObject'
  | 'DeleteObject'
  | 'GetObject'
  | 'GetObjectAcl'
  | 'GetObjectTorrent'
  | 'PutObjectAcl'
  | 'GetObjectTagging'
  | 'PutObjectTagging'
  | 'DeleteObjectTagging'
  | 'GetBucketTagging'
  | 'PutBucketTagging'
  | 'GetBucketOwnershipControls'
  | 'PutBucketOwnershipControls'
  | 'GetBucketPublicAccessBlock'
  | 'PutBucketPublicAccessBlock'
  | 'GetBucketObjectLockConfiguration'
  | 'PutBucketObjectLockConfiguration'
  | 'GetObjectRetention'
  | 'PutObjectRetention'
  | 'GetObjectLegalHold'
  | 'PutObjectLegalHold'
  | 'GetBucketPolicy'
  | 'PutBucketPolicy'
  | 'DeleteBucketPolicy'
  | 'GetBucketPolicyStatus'
  | 'GetLifecycleConfiguration'
  | 'PutLifecycleConfiguration'
  | 'GetBucketLogging'
  | 'PutBucketLogging'
  | 'AbortMultipartUpload'
  | 'ListMultipartUploadParts'
  | 'ListBucketMultipartUploads'
  | 'GetBucketWebsite'
  | 'PutBucketWebsite'
  | 'DeleteBucketWebsite'
  | 'GetBucketNotification'
  | 'PutBucketNotification';

type Rule = { on: 'bucket' | 'object'; permission: Permission } | 'bucket-owner' | 'signed';

/**
 * What each action needs, as S3's ACL model defines it: a permission on the bucket or on the object,
 * the bucket's owner (configuration sub-resources no ACL can grant), or any signed user; a list is any one of them.
 */
export const ACTION_RULES: Record<StorageAction, Rule | readonly Rule[]> = {
  ListAllMyBuckets: 'signed',
  CreateBucket: 'signed',
  ListBucket: { on: 'bucket', permission: 'READ' },
  ListBucketVersions: { on: 'bucket', permission: 'READ' },
  GetBucketAcl: { on: 'bucket', permission: 'READ_ACP' },
  PutBucketAcl: { on: 'bucket', permission: 'WRITE_ACP' },
  // "Delete object requires write permission on the containing bucket" (the spec); so does PUT.
  PutObject: { on: 'bucket', permission: 'WRITE' },
  DeleteObject: { on: 'bucket', permission: 'WRITE' },
  // An upload's parts are writes to the bucket (then only its initiator or the bucket owner, upload-access.ts);
  // listing the open uploads is listing the bucket.
  AbortMultipartUpload: { on: 'bucket', permission: 'WRITE' },
  ListMultipartUploadParts: { on: 'bucket', permission: 'WRITE' },
  ListBucketMultipartUploads: { on: 'bucket', permission: 'READ' },
  GetObject: { on: 'object', permission: 'READ' },
  GetObjectAcl: { on: 'object', permission: 'READ_ACP' },
  // A torrent is the object's bytes, hashed: whoever may GET the object may have it.
  GetObjectTorrent: { on: 'object', permission: 'READ' },
  PutObjectAcl: { on: 'object', permission: 'WRITE_ACP' },
  // RGW reads object tags with READ and writes them with WRITE on the object (its owner's FULL_CONTROL); S3 lets the
  // bucket owner change them too.
  GetObjectTagging: { on: 'object', permission: 'READ' },
  PutObjectTagging: [{ on: 'object', permission: 'WRITE' }, 'bucket-owner'],
  DeleteObjectTagging: [{ on: 'object', permission: 'WRITE' }, 'bucket-owner'],
  // Reading a version's lock is reading the version; locking one is writing to the bucket, as PUT with lock headers is.
  GetObjectRetention: { on: 'object', permission: 'READ' },
  GetObjectLegalHold: { on: 'object', permission: 'READ' },
  PutObjectRetention: { on: 'bucket', permission: 'WRITE' },
  PutObjectLegalHold: { on: 'bucket', permission: 'WRITE' },
  DeleteBucket: 'bucket-owner',
  GetBucketLocation: 'bucket-owner',
  GetBucketVersioning: 'bucket-owner',
  PutBucketVersioning: 'bucket-owner',
  GetBucketRequestPayment: 'bucket-owner',
  PutBucketRequestPayment: 'bucket-owner',
  GetBucketCors: 'bucket-owner',
  PutBucketCors: 'bucket-owner',
  GetBucketEncryption: 'bucket-owner',
  PutBucketEncryption: 'bucket-owner',
  GetBucketTagging: 'bucket-owner',
  PutBucketTagging: 'bucket-owner',
  GetBucketOwnershipControls: 'bucket-owner',
  PutBucketOwnershipControls: 'bucket-owner',
  GetBucketPublicAccessBlock: 'bucket-owner',
  PutBucketPublicAccessBlock: 'bucket-owner',
  GetBucketObjectLockConfiguration: 'bucket-owner',
  PutBucketObjectLockConfiguration: 'bucket-owner',
  GetBucketPolicy: 'bucket-owner',
  PutBucketPolicy: 'bucket-owner',
  DeleteBucketPolicy: 'bucket-owner',
  GetBucketPolicyStatus: 'bucket-owner',
  GetLifecycleConfiguration: 'bucket-owner',
  PutLifecycleConfiguration: 'bucket-owner',
  GetBucketLogging: 'bucket-owner',
  PutBucketLogging: 'bucket-owner',
  GetBucketWebsite: 'bucket-owner',
  PutBucketWebsite: 'bucket-owner',
  DeleteBucketWebsite: 'bucket-owner',
  GetBucketNotification: 'bucket-owner',
  PutBucketNotification: 'bucket-owner',
};

/** The bucket as the evaluator reads it: its ACL and policy, and the settings that change how they count. */
export type BucketAccess = AccessControlled &
  PolicyBucket & {
    requestPayer?: 'Requester';
    /** BucketOwnerEnforced: object ACLs are disabled, the bucket's ACL decides object access too. */
    ownership?: string;
    /** IgnorePublicAcls: grants to AllUsers and AuthenticatedUsers count for nothing; RestrictPublicBuckets: see the policy. */
    publicAccessBlock?: { IgnorePublicAcls: boolean; RestrictPublicBuckets?: boolean };
  };

/** What an action touches: the bucket, the object (for object ACL checks and its tags), or the key it names. */
type Resources = {
  bucket?: BucketAccess;
  object?: AccessControlled & PolicyTarget['object'];
} & Omit<PolicyTarget, 'object'>;

/**
 * The one ACL evaluator, pure: does `principal` hold `permission` on a resource with this owner and
 * these grants? FULL_CONTROL implies every permission; the owner always keeps READ_ACP and WRITE_ACP
 * (so it can repair an ACL that locked it out); anonymous matches only AllUsers.
 */
export function holds(
  principal: Principal,
  resource: AccessControlled,
  permission: Permission,
  { ignorePublicGrants = false } = {},
): boolean {
  const isOwner = principal.kind === 'user' && principal.user.id === resource.ownerId;
  if (isOwner && (permission === 'READ_ACP' || permission === 'WRITE_ACP')) return true;
  return grantsOf(resource).some(
    (grant) =>
      (grant.permission === permission || grant.permission === 'FULL_CONTROL') &&
      !(ignorePublicGrants && isPublicGrant(grant)) &&
      matches(principal, grant.grantee),
  );
}

function matches(principal: Principal, grantee: Grantee): boolean {
  if (grantee.type === 'Group') {
    if (grantee.uri === ALL_USERS) return true;
    return grantee.uri === AUTHENTICATED_USERS && principal.kind === 'user';
  }
  return principal.kind === 'user' && principal.user.id === grantee.id;
}

/**
 * May `principal` do `action`? The resources it acts on are given once loaded (the bucket; the object for object ACL
 * checks). The bucket's policy speaks first: its explicit Deny wins over everything, its Allow allows (but not an
 * owner-only setting to anyone else); otherwise the ACLs decide (S3's evaluation for a bucket owner's resources).
 */
export function isAllowed(principal: Principal, action: StorageAction, resources: Resources = {}): boolean {
  return verdictOf(principal, action, resources) === 'allowed';
}

/** `owner-only`: the policy allows it, but only the bucket's owner may do it. */
type Verdict = 'allowed' | 'denied' | 'owner-only';

function verdictOf(principal: Principal, action: StorageAction, resources: Resources): Verdict {
  if (resources.bucket && !mayBeCharged(principal, resources.bucket)) return 'denied';
  const policy = resources.bucket ? bucketPolicyDecision(principal, action, resources.bucket, resources) : 'NoOpinion';
  if (policy === 'Deny') return 'denied';
  if (policy === 'Allow') {
    return OWNER_ONLY_ACTIONS.has(action) && !ownsBucket(principal, resources.bucket) ? 'owner-only' : 'allowed';
  }
  const rules = aclRulesOf(action, resources);
  const rule = rules.find((candidate) => satisfies(principal, candidate, resources));
  if (rule === undefined) return 'denied';
  if (principal.access && typeof rule === 'object' && !ownsBucket(principal, resources.bucket)) {
    principal.access.aclRequired = true;
  }
  return 'allowed';
}

/**
 * What the ACLs ask for an action. A delete that names a version is s3:DeleteObjectVersion, which a bucket ACL's WRITE
 * grants to the bucket owner only (S3's ACL-to-permission mapping): through ACLs, only the owner removes versions for
 * good; a policy may grant it to others.
 */
function aclRulesOf(action: StorageAction, resources: Resources): readonly Rule[] {
  if (action === 'DeleteObject' && resources.versionId !== undefined) return ['bucket-owner'];
  return [ACTION_RULES[action]].flat();
}

const ownsBucket = (principal: Principal, bucket: BucketAccess | undefined) =>
  principal.kind === 'user' && bucket !== undefined && principal.user.id === bucket.ownerId;

function satisfies(principal: Principal, rule: Rule, { bucket, object }: Resources): boolean {
  if (rule === 'signed') return principal.kind === 'user';
  if (rule === 'bucket-owner') return principal.kind === 'user' && principal.user.id === bucket?.ownerId;
  // With ACLs disabled (BucketOwnerEnforced) every object belongs to the bucket owner: the bucket's ACL decides.
  const resource = rule.on === 'bucket' || bucket?.ownership === 'BucketOwnerEnforced' ? bucket : object;
  const ignorePublicGrants = bucket?.publicAccessBlock?.IgnorePublicAcls === true;
  return resource !== undefined && holds(principal, resource, rule.permission, { ignorePublicGrants });
}

/** On a Requester-pays bucket everyone but the owner must agree to pay (`x-amz-request-payer`); anonymous requests cannot. */
function mayBeCharged(principal: Principal, bucket: BucketAccess): boolean {
  if (bucket.requestPayer !== 'Requester') return true;
  return principal.kind === 'user' && (principal.user.id === bucket.ownerId || principal.paysAsRequester === true);
}

/** The one place that decides who may do what: AccessDenied unless the evaluator allows it. No caller decides on its own. */
export function authorize(principal: Principal, action: StorageAction, resources: Resources = {}): void {
  const verdict = verdictOf(principal, action, resources);
  if (verdict === 'allowed') return;
  // S3: a caller the policy allows to touch the bucket policy, but who is not the owner, gets 405, others 403.
  if (verdict === 'owner-only' && ANSWERED_METHOD_NOT_ALLOWED.has(action)) throw new StorageError('MethodNotAllowed');
  throw new StorageError('AccessDenied');
}
