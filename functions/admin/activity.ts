import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showActivity } from '../../lib/gateway/admin/http/overview-routes';

const deps = adminWiring();

/** GET /v1/admin/activity */
export const handler = signedInEndpoint(deps, showActivity);
