import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { OPENAPI_DOCUMENT } from '../../lib/gateway/openapi/openapi-document';
import { jsonResponse } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

/** GET /v1/openapi.json */
export const handler = gatewayEndpoint(container, async () =>
  jsonResponse(200, OPENAPI_DOCUMENT, { 'cache-control': 'public, max-age=300' }),
);
