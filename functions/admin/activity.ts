import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showActivity } from '../../lib/gateway/admin/http/overview-routes';

/** GET /v1/admin/activity */
export const handler = signedInEndpoint(showActivity);
