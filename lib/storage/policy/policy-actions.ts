import { wildcardMatches } from './wildcard';

/**
 * The S3 actions a bucket policy may name (IAM's service authorization reference for Amazon S3): a policy naming
 * anything else, even by a wildcard that matches none of them, is MalformedPolicy, as on S3.
 */
export const S3_ACTIONS: readonly string[] = [
  'AbortMultipartUpload',
  'BypassGovernanceRetention',
  'CreateBucket',
  'DeleteBucket',
  'DeleteBucketOwnershipControls',
  'DeleteBucketPolicy',
  'DeleteBucketWebsite',
  'DeleteObject',
  'DeleteObjectTagging',
  'DeleteObjectVersion',
  'DeleteObjectVersionTagging',
  'GetAccelerateConfiguration',
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
  'GetObjectAttributes',
  'GetObjectLegalHold',
  'GetObjectRetention',
  'GetObjectTagging',
  'GetObjectTorrent',
  'GetObjectVersion',
  'GetObjectVersionAcl',
  'GetObjectVersionAttributes',
  'GetObjectVersionTagging',
  'GetObjectVersionTorrent',
  'GetReplicationConfiguration',
  'ListAllMyBuckets',
  'ListBucket',
  'ListBucketMultipartUploads',
  'ListBucketVersions',
  'ListMultipartUploadParts',
  'PutAccelerateConfiguration',
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
  'PutReplicationConfiguration',
  'RestoreObject',
].map((name) => `s3:${name}`);

/** Does a policy's action pattern (`s3:Get*`, `*`) name at least one S3 action? Service prefix and names ignore case. */
export const isKnownActionPattern = (pattern: string): boolean =>
  S3_ACTIONS.some((action) => wildcardMatches(pattern, action, { ignoreCase: true }));

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
]);

export const actsOnObject = (action: string): boolean => OBJECT_ACTIONS.has(action);
