import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { registerWebhook } from '../../lib/gateway/use-cases/webhook-endpoints';
import { jsonBody, jsonResponse } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** POST /v1/webhooks {token, url}: the secret is in this answer only. */
export const handler = gatewayEndpoint(container, async (event) => {
  const result = await registerWebhook(deps, { body: jsonBody(event) });
  return jsonResponse(result.statusCode, result.body, { 'cache-control': 'no-store' });
});
