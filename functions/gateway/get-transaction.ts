import { cardGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { gatewayResponse } from '../../lib/gateway/http/gateway-response';
import { transactionIdOf } from '../../lib/gateway/http/request-parts';
import { getTransaction } from '../../lib/gateway/use-cases/get-transaction';
import { container } from '../../lib/http/container-wiring';

const deps = cardGatewayWiring();

/** GET /v1/transacao/{id}?token=... */
export const handler = gatewayEndpoint(container, async (event) =>
  gatewayResponse(
    await getTransaction(deps, {
      token: event.queryStringParameters?.token,
      transactionId: transactionIdOf(event),
    }),
  ),
);
