import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { exportTransactions } from '../../lib/gateway/admin/http/transaction-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** GET /v1/admin/transactions.csv?<same query as the list> */
export const handler = signedInEndpoint(container, deps, exportTransactions);
