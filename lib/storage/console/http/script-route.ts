import type { ApiResult } from '../../../http';
import { scriptResponse } from '../../../http/web';
import { CONSOLE_SCRIPT } from '../assets/console-script';

/** GET /v1/console/console.js: the upload script, cacheable for an hour (it changes only with a deploy). */
export function consoleScript(): Promise<ApiResult> {
  return Promise.resolve(scriptResponse(CONSOLE_SCRIPT));
}
