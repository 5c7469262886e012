import { STATUS_CODES } from 'node:http';
import type { StorageError } from '../model/errors';
import { S3_ERROR_CODES, s3MessageOf } from '../model/s3-error-codes';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** The HTTP status of an S3 error. */
export const statusOf = (error: StorageError): number => S3_ERROR_CODES[error.code][0];

/**
 * S3's website error page: HTML, never XML (a browser shows it), with the code, message, the details S3 lists and the
 * request id; and, when the bucket's ErrorDocument could not be read, S3's second section saying why.
 */
export function websiteErrorPage(error: StorageError, requestId: string, documentError?: StorageError): string {
  const status = statusOf(error);
  const title = `${status} ${STATUS_CODES[status] ?? ''}`.trim();
  const lines = [
    '<html>',
    `<head><title>${escapeHtml(title)}</title></head>`,
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    itemList(error, { RequestId: requestId }),
    ...(documentError
      ? ['<h3>An Error Occurred While Attempting to Retrieve a Custom Error Document</h3>', itemList(documentError, {})]
      : []),
    '<hr/>',
    '</body>',
    '</html>',
    '',
  ];
  return lines.join('\n');
}

function itemList(error: StorageError, extra: Record<string, string>): string {
  const items = { Code: error.code, Message: s3MessageOf(error), ...error.details, ...extra };
  const rows = Object.entries(items).map(([name, value]) => `<li>${escapeHtml(name)}: ${escapeHtml(value)}</li>`);
  return ['<ul>', ...rows, '</ul>'].join('\n');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
