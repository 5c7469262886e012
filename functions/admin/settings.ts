import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { webhookSettings } from '../../lib/gateway/admin/http/webhook-routes';

/** GET/POST /v1/admin/settings: webhook endpoints (add, remove; the secret shown once). */
export const handler = signedInEndpoint(webhookSettings);
