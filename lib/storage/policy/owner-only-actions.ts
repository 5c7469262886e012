/**
 * Bucket settings only the bucket's owner may change (and, where S3 says so, read): a policy may deny them to the
 * owner but cannot grant them to anyone else (S3: "only the bucket owner's account"; RGW: logging). The public access
 * block, versioning, ownership controls, logging, lifecycle, encryption, object lock and requester pays decide who
 * may reach everything else; handing them to others would let a grantee undo the owner's protections.
 */
export const OWNER_ONLY_ACTIONS: ReadonlySet<string> = new Set([
  'GetBucketPolicy',
  'PutBucketPolicy',
  'DeleteBucketPolicy',
  'PutBucketPublicAccessBlock',
  'GetBucketVersioning',
  'PutBucketVersioning',
  'PutBucketOwnershipControls',
  'GetBucketLogging',
  'PutBucketLogging',
  'PutLifecycleConfiguration',
  'PutBucketEncryption',
  'PutBucketObjectLockConfiguration',
  'PutBucketRequestPayment',
]);

/**
 * S3's documented answer when a caller the policy allows is not the owner: Get/Put/DeleteBucketPolicy answer 405
 * MethodNotAllowed ("you have the permission but not the account"); the others 403 AccessDenied.
 */
export const ANSWERED_METHOD_NOT_ALLOWED: ReadonlySet<string> = new Set([
  'GetBucketPolicy',
  'PutBucketPolicy',
  'DeleteBucketPolicy',
]);
