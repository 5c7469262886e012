import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showOverview } from '../../lib/gateway/admin/http/overview-routes';

const deps = adminWiring();

/** GET /v1/admin */
export const handler = signedInEndpoint(deps, showOverview);
