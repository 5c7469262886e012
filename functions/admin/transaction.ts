import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showTransaction } from '../../lib/gateway/admin/http/transaction-routes';

/** GET /v1/admin/transactions/{id} */
export const handler = signedInEndpoint(showTransaction);
