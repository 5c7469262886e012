import { adminEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showLogin, submitLogin } from '../../lib/gateway/admin/http/login-routes';

/** GET/POST /v1/admin/login */
export const handler = adminEndpoint((request) =>
  request.event.httpMethod === 'POST' ? submitLogin(request) : showLogin(request),
);
