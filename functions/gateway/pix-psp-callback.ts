import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { pixPspCallbackWiring } from '../../lib/gateway/pix-psp-wiring';
import { receivePixPspCallback } from '../../lib/gateway/use-cases/pix-psp-callback';
import { bodyBytes, jsonResponse } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

const deps = pixPspCallbackWiring();

/** POST /v1/pix/psp/{merchantId}/{callbackSecret}/pix: the merchant's PSP reports Pix received and devoluções settled. */
export const handler = gatewayEndpoint(container, async (event) => {
  const result = await receivePixPspCallback(deps, {
    merchantId: event.pathParameters?.merchantId,
    callbackSecret: event.pathParameters?.callbackSecret,
    body: bodyBytes(event).toString('utf8'),
  });
  return jsonResponse(result.statusCode, result.body, { 'cache-control': 'no-store' });
});
