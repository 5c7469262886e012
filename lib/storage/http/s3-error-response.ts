import { XMLBuilder } from 'fast-xml-parser';
import { DependencyUnavailableError, type ErrorRenderer, retryAfterHeader, xmlResponse } from '../../http';
import { StorageError } from '../model/errors';
import { S3_ERROR_CODES, s3MessageOf } from '../model/s3-error-codes';
import { HTML_CONTENT_TYPE, statusOf, websiteErrorPage } from '../website/website-error-page';
import { WebsiteRequestFailure } from '../website/website-failure';

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false });

/** S3's error document: <Error><Code/><Message/><Resource/><RequestId/>…</Error>. Unknown errors are InternalError. HEAD errors carry no body. */
export const renderS3Error: ErrorRenderer = (error, { requestId, path, method }) => {
  if (error instanceof WebsiteRequestFailure) return websiteFailurePage(asStorageError(error.cause), requestId, method);
  const known = error instanceof StorageError ? error : asStorageError(error);
  const [status] = S3_ERROR_CODES[known.code];
  const message = s3MessageOf(known);
  const document = {
    Error: { Code: known.code, Message: message, ...known.details, Resource: path, RequestId: requestId },
  };
  if (method === 'HEAD') return { statusCode: status, headers: { ...known.headers, 'x-amz-error-code': known.code }, body: '' };
  return xmlResponse(status, `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(document)}`, known.headers);
};

/** What S3 answers for an error that is not one of ours: 503 with Retry-After for a dependency outage, else 500. */
function asStorageError(error: unknown): StorageError {
  if (!(error instanceof DependencyUnavailableError)) return new StorageError('InternalError');
  return new StorageError(error.throttled ? 'SlowDown' : 'ServiceUnavailable', undefined, {}, retryAfterHeader(error));
}

/** A website request's failure: S3's HTML page for InternalError (or ServiceUnavailable), never XML. */
function websiteFailurePage(error: StorageError, requestId: string, method: string | undefined) {
  const headers = { ...error.headers, 'content-type': HTML_CONTENT_TYPE, 'x-amz-error-code': error.code };
  return { statusCode: statusOf(error), headers, body: method === 'HEAD' ? '' : websiteErrorPage(error, requestId) };
}
