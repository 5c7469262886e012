import { wildcardMatches } from './wildcard';

/**
 * The S3 actions a bucket policy may name: those of IAM's service authorization reference for Amazon S3 that some
 * request here is checked against (a unit test holds this list and authorization.ts together). A policy naming
 * anything else, even by a wildcard that matches none of them, is MalformedPolicy, as on S3; so is one naming an S3
 * action this service never asks (UNENFORCED_S3_ACTIONS), rather than a Deny that silently changes nothing.
 */
export const S3_ACTIONS: readonly string[] = [
  'AbortMultipartUpload',
  'DeleteBucket',
  'DeleteBucketPolicy',
  'DeleteBucketWebsite',
  'DeleteObject',
  'DeleteObjectTagging',
  'DeleteObjectVersion',
  'DeleteObjectVersionTagging',
  'GetBucketAcl',
  'GetBucketCORS',
  'GetBucketLocation',
  'GetBucketLogging',
  'GetBucketNotification',
  'GetBucketObjectLockConfiguration',
  'GetBucketOwnershipControls',
  'GetBucketPolicy',
  'GetBucketPolicyStatus',
  'GetBucketPublicAccessBlock',
  'GetBucketRequestPayment',
  'GetBucketTagging',
  'GetBucketVersioning',
  'GetBucketWebsite',
  'GetEncryptionConfiguration',
  'GetLifecycleConfiguration',
  'GetObject',
  'GetObjectAcl',
  'GetObjectLegalHold',
  'GetObjectRetention',
  'GetObjectTagging',
  'GetObjectTorrent',
  'GetObjectVersion',
  'GetObjectVersionAcl',
  'GetObjectVersionTagging',
  'GetObjectVersionTorrent',
  'ListBucket',
  'ListBucketMultipartUploads',
  'ListBucketVersions',
  'ListMultipartUploadParts',
  'PutBucketAcl',
  'PutBucketCORS',
  'PutBucketLogging',
  'PutBucketNotification',
  'PutBucketObjectLockConfiguration',
  'PutBucketOwnershipControls',
  'PutBucketPolicy',
  'PutBucketPublicAccessBlock',
  'PutBucketRequestPayment',
  'PutBucketTagging',
  'PutBucketVersioning',
  'PutBucketWebsite',
  'PutEncryptionConfiguration',
  'PutLifecycleConfiguration',
  'PutObject',
  'PutObjectAcl',
  'PutObjectLegalHold',
  'PutObjectRetention',
  'PutObjectTagging',
  'PutObjectVersionAcl',
  'PutObjectVersionTagging',
].map((name) => `s3:${name}`);

/**
 * S3 actions no request here is ever checked against: operations not served (replication,
 * acceleration, restore), bucket creation and listing (no bucket policy applies to them), DeleteBucketOwnershipControls
 * (S3 checks s3:PutBucketOwnershipControls), GetObjectAttributes (checked as s3:GetObject here), and
 * BypassGovernanceRetention (only the owner may bypass, whatever a policy says).
 */
export const UNENFORCED_S3_ACTIONS: readonly string[] = [
  'BypassGovernanceRetention',
  'CreateBucket',
  'ListAllMyBuckets',
  'DeleteBucketOwnershipControls',
  'GetAccelerateConfiguration',
  'GetObjectAttributes',
  'GetObjectVersionAttributes',
  'GetReplicationConfiguration',
  'PutAccelerateConfiguration',
  'PutReplicationConfiguration',
  'RestoreObject',
].map((name) => `s3:${name}`);

/** Does a policy's action pattern (`s3:Get*`, `*`) name at least one S3 action? Service prefix and names ignore case. */
export const isKnownActionPattern = (pattern: string): boolean =>
  S3_ACTIONS.some((action) => wildcardMatches(pattern, action, { ignoreCase: true }));

/** An action named outright (no wildcard) that S3 knows but this service never checks. */
export const isUnenforcedAction = (pattern: string): boolean =>
  UNENFORCED_S3_ACTIONS.some((action) => action.toLowerCase() === pattern.toLowerCase());

/** This service's action names (authorization.ts) whose IAM name differs (S3's API and IAM name a few operations differently). */
const IAM_NAMES: Readonly<Record<string, string>> = {
  GetBucketCors: 'GetBucketCORS',
  PutBucketCors: 'PutBucketCORS',
  GetBucketEncryption: 'GetEncryptionConfiguration',
  PutBucketEncryption: 'PutEncryptionConfiguration',
};

/** On a named version (`?versionId=`), S3 checks the version's own action. */
const VERSION_ACTIONS: Readonly<Record<string, string>> = {
  GetObject: 'GetObjectVersion',
  GetObjectAcl: 'GetObjectVersionAcl',
  GetObjectTorrent: 'GetObjectVersionTorrent',
  PutObjectAcl: 'PutObjectVersionAcl',
  GetObjectTagging: 'GetObjectVersionTagging',
  PutObjectTagging: 'PutObjectVersionTagging',
  DeleteObjectTagging: 'DeleteObjectVersionTagging',
  DeleteObject: 'DeleteObjectVersion',
};

/** The IAM action (`s3:GetObject`) a policy statement must name for this operation. */
export function iamActionOf(action: string, versioned: boolean): string {
  const name = (versioned ? VERSION_ACTIONS[action] : undefined) ?? IAM_NAMES[action] ?? action;
  return `s3:${name}`;
}

/** The operations whose resource is an object (`arn:aws:s3:::bucket/key`); the others act on the bucket. */
const OBJECT_ACTIONS = new Set<string>([
  'PutObject',
  'DeleteObject',
  'GetObject',
  'GetObjectAcl',
  'PutObjectAcl',
  'GetObjectTorrent',
  'GetObjectTagging',
  'PutObjectTagging',
  'DeleteObjectTagging',
  'GetObjectRetention',
  'PutObjectRetention',
  'GetObjectLegalHold',
  'PutObjectLegalHold',
  'AbortMultipartUpload',
  'ListMultipartUploadParts',
]);

export const actsOnObject = (action: string): boolean => OBJECT_ACTIONS.has(action);
