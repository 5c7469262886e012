import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { listWebhooks } from '../../lib/gateway/use-cases/webhook-endpoints';
import { jsonResponse } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET /v1/webhooks?token= */
export const handler = gatewayEndpoint(container, async (event) => {
  const result = await listWebhooks(deps, { token: event.queryStringParameters?.token });
  return jsonResponse(result.statusCode, result.body, { 'cache-control': 'no-store' });
});
