import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { adminEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showLogin, submitLogin } from '../../lib/gateway/admin/http/login-routes';

const deps = adminWiring();

/** GET/POST /v1/admin/login */
export const handler = adminEndpoint(deps, (request) =>
  request.event.httpMethod === 'POST' ? submitLogin(request) : showLogin(request),
);
