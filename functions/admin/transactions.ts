import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { listTransactions } from '../../lib/gateway/admin/http/transaction-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** GET /v1/admin/transactions?status=&method=&order=&id=&buyer=&min=&max=&from=&to=&cursor= */
export const handler = signedInEndpoint(container, deps, listTransactions);
