import { cardAndPixGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { settleTransaction } from '../../lib/gateway/admin/http/transaction-routes';

// Refunds of Pix go through the stage's Pix provider (production: the merchant's PSP).
const deps = adminWiring(cardAndPixGatewayWiring());

/** GET (confirmation) and POST (action) /v1/admin/transactions/{id}/{action}, action = capture | refund */
export const handler = signedInEndpoint(deps, settleTransaction);
