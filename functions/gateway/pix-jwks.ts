import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { pixLocationKeys } from '../../lib/gateway/use-cases/pix-location';
import { jsonResponse } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET /v1/pix/jwks.json: the public keys that verify Pix location payloads (the `jku` of their JWS). */
export const handler = gatewayEndpoint(container, async () =>
  jsonResponse(200, await pixLocationKeys(deps), { 'cache-control': 'public, max-age=300' }),
);
