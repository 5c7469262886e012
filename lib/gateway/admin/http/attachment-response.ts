import type { ApiResult } from '../../../http';

/** A download the browser saves rather than shows (CSV export, remessa files): never cached, never sniffed as HTML. */
export function attachmentResponse(contentType: string, fileName: string, body: string): ApiResult {
  return {
    statusCode: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body,
  };
}
