import { serviceConfig } from '../../lib/config/config-wiring';
import { cardAndPixGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { gatewayResponse } from '../../lib/gateway/http/gateway-response';
import { baseUrlOf, idempotencyKeyOf } from '../../lib/gateway/http/request-parts';
import { createTransaction } from '../../lib/gateway/use-cases/create-transaction';
import { jsonBody } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

// The stage's Pix provider (production: the merchant's PSP) and merchants' acquirer connections are wired in here, not
// in every gateway function.
const deps = cardAndPixGatewayWiring();

/** POST /v1/transacao (and /v1/transacao/, as the original client libraries send it). */
export const handler = gatewayEndpoint(container, async (event) =>
  gatewayResponse(
    await createTransaction(deps, {
      body: jsonBody(event),
      idempotencyKey: idempotencyKeyOf(event),
      baseUrl: baseUrlOf(event, serviceConfig().publicBaseUrl),
    }),
  ),
);
