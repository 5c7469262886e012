import { StorageError } from '../model/errors';
import type { S3ErrorCode } from '../model/s3-error-codes';

/**
 * What the service does with one `x-amz-*` request header: honoured (by the module named), or refused with the S3
 * error S3 gives for what the service does not do; with `values`, only those values are honoured (case-insensitive)
 * and any other is refused. Never a 200 that ignores it.
 */
export type HeaderRule =
  | { honouredBy: string; values?: undefined; refusal?: undefined }
  | { honouredBy?: string; values?: readonly string[]; refusal: { code: S3ErrorCode; message: string } };

const honoured = (by: string): HeaderRule => ({ honouredBy: by });
const refused = (code: S3ErrorCode, message: string): HeaderRule => ({ refusal: { code, message } });
const onlyValues = (by: string, values: readonly string[], code: S3ErrorCode, message: string): HeaderRule => ({
  honouredBy: by,
  values,
  refusal: { code, message },
});

const SSE = honoured('encryption/sse-headers');
const LOCK = honoured('object-lock/lock-request-headers (PutObject, CopyObject, CreateMultipartUpload)');
const LOCK_FIELD_REFUSED = refused('NotImplemented', 'Object lock fields of a POST Object form are not read by this service.');
const DIRECTORY_BUCKETS_ONLY = refused(
  'NotImplemented',
  'This header applies to S3 directory buckets, which this service does not have.',
);
const UNSUPPORTED_CHECKSUM = refused(
  'InvalidRequest',
  'Value for x-amz-checksum-* header is invalid: supported algorithms are CRC32, CRC32C, CRC64NVME, SHA1 and SHA256.',
);

/** Every `x-amz-*` request header the S3 API defines for the operations this service serves (lower-cased names). */
export const REQUEST_HEADER_RULES: Readonly<Record<string, HeaderRule>> = {
  // Authentication (lib/storage/auth): signed and verified with every request.
  'x-amz-date': honoured('auth/request-authenticator'),
  'x-amz-content-sha256': honoured('auth/request-authenticator'),
  'x-amz-decoded-content-length': honoured('auth/aws-chunked'),
  'x-amz-trailer': honoured('auth/aws-chunked'),
  'x-amz-security-token': refused('InvalidToken', 'Temporary credentials (session tokens) do not exist in this service.'),
  // ACLs and owners.
  'x-amz-acl': honoured('acl/grant-headers'),
  'x-amz-grant-read': honoured('acl/grant-headers'),
  'x-amz-grant-write': honoured('acl/grant-headers'),
  'x-amz-grant-read-acp': honoured('acl/grant-headers'),
  'x-amz-grant-write-acp': honoured('acl/grant-headers'),
  'x-amz-grant-full-control': honoured('acl/grant-headers'),
  'x-amz-expected-bucket-owner': honoured('ownership/expected-bucket-owner'),
  'x-amz-source-expected-bucket-owner': honoured('ownership/expected-bucket-owner'),
  'x-amz-object-ownership': honoured('ownership/object-ownership'),
  'x-amz-bucket-namespace': onlyValues(
    'buckets/bucket-operations (bucket names are global per stage)',
    ['global'],
    'NotImplemented',
    'Account regional bucket namespaces are not implemented by this service.',
  ),
  'x-amz-request-payer': honoured('billing/request-usage'),
  // Object writes and copies.
  'x-amz-meta-': honoured('objects/object-headers'),
  'x-amz-tagging': honoured('tagging/tagging-headers'),
  'x-amz-tagging-directive': honoured('tagging/tagging-headers'),
  'x-amz-metadata-directive': honoured('objects/copy-object'),
  'x-amz-copy-source': honoured('objects/copy-object, multipart/upload-part'),
  'x-amz-copy-source-range': honoured('multipart/upload-part'),
  'x-amz-copy-source-if-match': honoured('objects/conditional-request'),
  'x-amz-copy-source-if-none-match': honoured('objects/conditional-request'),
  'x-amz-copy-source-if-modified-since': honoured('objects/conditional-request'),
  'x-amz-copy-source-if-unmodified-since': honoured('objects/conditional-request'),
  'x-amz-if-match-size': honoured('objects/write-conditions'),
  'x-amz-if-match-last-modified-time': honoured('objects/write-conditions'),
  'x-amz-if-match-initiated-time': DIRECTORY_BUCKETS_ONLY,
  'x-amz-write-offset-bytes': DIRECTORY_BUCKETS_ONLY,
  'x-amz-storage-class': onlyValues(
    'listing (every object is STANDARD)',
    ['STANDARD'],
    'InvalidStorageClass',
    'The storage class you specified is not valid: this service stores every object as STANDARD.',
  ),
  'x-amz-website-redirect-location': honoured('website/redirect-location (PutObject, CopyObject, CreateMultipartUpload, POST)'),
  'x-amz-mfa': refused('NotImplemented', 'MFA delete is not implemented by this service.'),
  'x-amz-object-attributes': honoured('attributes/object-attributes (GetObjectAttributes)'),
  'x-amz-max-parts': honoured('attributes/object-attributes (GetObjectAttributes)'),
  'x-amz-part-number-marker': honoured('attributes/object-attributes (GetObjectAttributes)'),
  'x-amz-optional-object-attributes': honoured('listing (no object is ever archived, so there is no RestoreStatus to add)'),
  // Additional checksums.
  'x-amz-checksum-crc32': honoured('checksums/request-checksum'),
  'x-amz-checksum-crc32c': honoured('checksums/request-checksum'),
  'x-amz-checksum-crc64nvme': honoured('checksums/request-checksum'),
  'x-amz-checksum-sha1': honoured('checksums/request-checksum'),
  'x-amz-checksum-sha256': honoured('checksums/request-checksum'),
  'x-amz-checksum-md5': UNSUPPORTED_CHECKSUM,
  'x-amz-checksum-sha512': UNSUPPORTED_CHECKSUM,
  'x-amz-checksum-xxhash3': UNSUPPORTED_CHECKSUM,
  'x-amz-checksum-xxhash64': UNSUPPORTED_CHECKSUM,
  'x-amz-checksum-xxhash128': UNSUPPORTED_CHECKSUM,
  'x-amz-sdk-checksum-algorithm': honoured('checksums/request-checksum'),
  'x-amz-checksum-algorithm': honoured('checksums (a copy recomputes it; a multipart upload verifies it on each part)'),
  'x-amz-checksum-mode': honoured('checksums/object-checksum'),
  'x-amz-checksum-type': honoured('checksums/checksum-type (CreateMultipartUpload, CompleteMultipartUpload)'),
  'x-amz-mp-object-size': refused('NotImplemented', 'x-amz-mp-object-size is not implemented by this service.'),
  // Server-side encryption (the sse branch honours them).
  'x-amz-server-side-encryption': SSE,
  'x-amz-server-side-encryption-aws-kms-key-id': SSE,
  'x-amz-server-side-encryption-bucket-key-enabled': SSE,
  'x-amz-server-side-encryption-context': SSE,
  'x-amz-server-side-encryption-customer-algorithm': SSE,
  'x-amz-server-side-encryption-customer-key': SSE,
  'x-amz-server-side-encryption-customer-key-md5': SSE,
  'x-amz-copy-source-server-side-encryption-customer-algorithm': SSE,
  'x-amz-copy-source-server-side-encryption-customer-key': SSE,
  'x-amz-copy-source-server-side-encryption-customer-key-md5': SSE,
  'x-amz-object-lock-mode': LOCK,
  'x-amz-object-lock-retain-until-date': LOCK,
  'x-amz-object-lock-legal-hold': LOCK,
  'x-amz-bypass-governance-retention': honoured('object-lock (DeleteObject, DeleteObjects, PUT ?retention; bucket owner only)'),
  'x-amz-bucket-object-lock-enabled': honoured('object-lock/lock-request-headers (CreateBucket)'),
  // S3's token for enabling lock on a bucket created without it (a support-case flow); lock is enabled here by
  // PUT ?object-lock on a versioned bucket, with no token.
  'x-amz-bucket-object-lock-token': refused('NotImplemented', 'Object lock tokens are not used by this service.'),
};

/** POST Object form fields this service does not read although the header is honoured: refused rather than ignored. */
const FORM_FIELD_REFUSALS: Readonly<Record<string, HeaderRule>> = {
  'x-amz-object-lock-mode': LOCK_FIELD_REFUSED,
  'x-amz-object-lock-retain-until-date': LOCK_FIELD_REFUSED,
  'x-amz-object-lock-legal-hold': LOCK_FIELD_REFUSED,
};

/** POST Object's `x-amz-*` fields: the request rules, and the few fields a form cannot carry here. */
export function assertFormFields(fields: Readonly<Record<string, readonly string[]>>): void {
  for (const name of Object.keys(fields)) {
    const refusal = FORM_FIELD_REFUSALS[name.toLowerCase()]?.refusal;
    if (refusal) throw new StorageError(refusal.code, refusal.message, { HeaderName: name });
  }
  assertRequestHeaders(fields);
}

/** The rule of a header (`x-amz-meta-*` by its prefix); undefined for a header S3 does not define, which S3 ignores. */
export function ruleFor(name: string): HeaderRule | undefined {
  const lower = name.toLowerCase();
  return REQUEST_HEADER_RULES[lower.startsWith('x-amz-meta-') ? 'x-amz-meta-' : lower];
}

/** The one check of every request's `x-amz-*` headers (and POST Object's `x-amz-*` fields): a refused one is its S3 error. */
export function assertRequestHeaders(headers: Readonly<Record<string, readonly string[]>>): void {
  for (const [name, values] of Object.entries(headers)) {
    if (!name.toLowerCase().startsWith('x-amz-')) continue;
    const rule = ruleFor(name);
    if (!rule?.refusal) continue;
    const value = values.join(',').trim().toLowerCase();
    if (rule.values?.some((accepted) => accepted.toLowerCase() === value)) continue;
    throw new StorageError(rule.refusal.code, rule.refusal.message, { HeaderName: name });
  }
}
