import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { listTransactions } from '../../lib/gateway/use-cases/list-transactions';
import { jsonResponse } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET /v1/transacao?token=...[&status&meio_pagamento&numero_pedido&desde&ate&limite&cursor] (and /v1/transacao/). */
export const handler = gatewayEndpoint(container, async (event) =>
  jsonResponse(200, await listTransactions(deps, { query: { ...event.queryStringParameters } }), {
    'cache-control': 'no-store',
  }),
);
