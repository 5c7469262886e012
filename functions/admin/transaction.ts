import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showTransaction } from '../../lib/gateway/admin/http/transaction-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** GET /v1/admin/transactions/{id} */
export const handler = signedInEndpoint(container, deps, showTransaction);
