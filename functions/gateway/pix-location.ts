import { serviceConfig } from '../../lib/config/config-wiring';
import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { baseUrlOf } from '../../lib/gateway/http/request-parts';
import { LOCATION_CONTENT_TYPE } from '../../lib/gateway/pix/location';
import { pixLocationJws } from '../../lib/gateway/use-cases/pix-location';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET /v1/pix/loc/{locationId}: the charge behind a BR Code, as a compact JWS (application/jose). */
export const handler = gatewayEndpoint(container, async (event) => ({
  statusCode: 200,
  headers: { 'content-type': LOCATION_CONTENT_TYPE, 'cache-control': 'no-store' },
  body: await pixLocationJws(deps, {
    locationId: event.pathParameters?.locationId,
    baseUrl: baseUrlOf(event, serviceConfig().publicBaseUrl),
  }),
}));
