import { gatewayDependencies } from '../../lib/gateway/container';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { listTransactions } from '../../lib/gateway/use-cases/list-transactions';
import { jsonResponse } from '../../lib/http';

/** GET /v1/transacao?token=...[&status&meio_pagamento&numero_pedido&desde&ate&limite&cursor] (and /v1/transacao/). */
export const handler = gatewayEndpoint(async (event) =>
  jsonResponse(200, await listTransactions(gatewayDependencies(), { query: { ...event.queryStringParameters } }), {
    'cache-control': 'no-store',
  }),
);
