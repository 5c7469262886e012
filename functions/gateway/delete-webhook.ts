import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { deleteWebhook } from '../../lib/gateway/use-cases/webhook-endpoints';
import { jsonResponse } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** DELETE /v1/webhooks/{id}?token= */
export const handler = gatewayEndpoint(container, async (event) => {
  const result = await deleteWebhook(deps, {
    token: event.queryStringParameters?.token,
    webhookId: event.pathParameters?.id ?? '',
  });
  return jsonResponse(result.statusCode, result.body, { 'cache-control': 'no-store' });
});
