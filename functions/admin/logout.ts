import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { submitLogout } from '../../lib/gateway/admin/http/login-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** POST /v1/admin/logout */
export const handler = signedInEndpoint(container, deps, submitLogout);
