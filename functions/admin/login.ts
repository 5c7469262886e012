import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { adminEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showLogin, submitLogin } from '../../lib/gateway/admin/http/login-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** GET/POST /v1/admin/login */
export const handler = adminEndpoint(container, deps, (request) =>
  request.event.httpMethod === 'POST' ? submitLogin(request) : showLogin(request),
);
