import { gatewayDependencies } from '../../lib/gateway/container';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { deleteWebhook } from '../../lib/gateway/use-cases/webhook-endpoints';
import { jsonResponse } from '../../lib/http';

/** DELETE /v1/webhooks/{id}?token= */
export const handler = gatewayEndpoint(async (event) => {
  const result = await deleteWebhook(gatewayDependencies(), {
    token: event.queryStringParameters?.token,
    webhookId: event.pathParameters?.id ?? '',
  });
  return jsonResponse(result.statusCode, result.body, { 'cache-control': 'no-store' });
});
