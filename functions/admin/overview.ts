import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showOverview } from '../../lib/gateway/admin/http/overview-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** GET /v1/admin */
export const handler = signedInEndpoint(container, deps, showOverview);
