import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { DOCS_PAGE } from '../../lib/gateway/openapi/docs-page';
import { container } from '../../lib/http/container-wiring';

/** GET /v1/docs: the API reference as a page. */
export const handler = gatewayEndpoint(container, async () => ({
  statusCode: 200,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'public, max-age=300',
  },
  body: DOCS_PAGE,
}));
