import type { S3ErrorCode } from './s3-error-codes';

/** A storage failure, named with the exact S3 error code (the domain's own vocabulary). */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    readonly code: S3ErrorCode,
    message?: string,
    /** Extra elements S3 puts in the error document, e.g. StringToSign for SignatureDoesNotMatch. */
    readonly details: Record<string, string> = {},
    /** Response headers S3 sends with this error, e.g. x-amz-delete-marker on a 404 for a deleted key. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
  }
}
