import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';
import { pixPageScript } from '../../lib/gateway/http/pix-page-controller';
import { container } from '../../lib/http/container-wiring';

/** GET /v1/pix/pix-page.js: no table, no secret: the file. */
export const handler = pageEndpoint(container, pixPageScript);
