import { cardAndPixGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { boletoFileRoutes } from '../../lib/gateway/admin/http/boleto-file-routes';
import { settleTransaction } from '../../lib/gateway/admin/http/transaction-routes';
import { boletoFileWiring } from '../../lib/gateway/boleto-wiring';
import { container } from '../../lib/http/container-wiring';

// Refunds of Pix go through the stage's Pix provider (production: the merchant's PSP).
const deps = adminWiring(cardAndPixGatewayWiring());
const boletoFiles = boletoFileRoutes(boletoFileWiring());

/**
 * GET (confirmation) and POST (action) /v1/admin/transactions/{id}/{action}, action = capture | refund; and the boleto
 * files page /v1/admin/boletos (remessa downloads, retorno upload), which moves transactions the same way: one function
 * for both keeps the stack under its resource budget.
 */
export const handler = signedInEndpoint(container, deps, (request) =>
  request.event.resource === '/v1/admin/boletos' ? boletoFiles(request) : settleTransaction(request),
);
