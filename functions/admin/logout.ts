import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { submitLogout } from '../../lib/gateway/admin/http/login-routes';

/** POST /v1/admin/logout */
export const handler = signedInEndpoint(submitLogout);
