import { adminWiring } from '../../lib/gateway/admin/admin-wiring';
import { signedInEndpoint } from '../../lib/gateway/admin/http/admin-endpoint';
import { webhookSettings } from '../../lib/gateway/admin/http/webhook-routes';
import { container } from '../../lib/http/container-wiring';

const deps = adminWiring();

/** GET/POST /v1/admin/settings: webhook endpoints (add, remove; the secret shown once). */
export const handler = signedInEndpoint(container, deps, webhookSettings);
