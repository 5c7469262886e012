import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { webhookDeliveries } from '../../lib/gateway/admin/http/webhook-routes';

/** GET /v1/admin/deliveries (with attempts), POST to resend one. */
export const handler = signedInEndpoint(webhookDeliveries);
