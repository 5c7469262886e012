import type { ApiResult } from '../../../http';
import { CONSOLE_SCRIPT } from '../assets/console-script';

/** GET /v1/console/console.js: the upload script, cacheable for an hour (it changes only with a deploy). */
export function consoleScript(): Promise<ApiResult> {
  return Promise.resolve({
    statusCode: 200,
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600',
    },
    body: CONSOLE_SCRIPT,
  });
}
