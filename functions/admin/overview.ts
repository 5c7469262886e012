import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { showOverview } from '../../lib/gateway/admin/http/overview-routes';

/** GET /v1/admin */
export const handler = signedInEndpoint(showOverview);
