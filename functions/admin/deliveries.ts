import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { webhookDeliveries } from '../../lib/gateway/admin/http/webhook-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** GET /v1/admin/deliveries (with attempts), POST to resend one. */
export const handler = signedInEndpoint(container, deps, webhookDeliveries);
