import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { pixPageStatusController } from '../../lib/gateway/http/pix-page-controller';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET /v1/pix/{uuid}/status: the charge's status as JSON, for the hosted Pix page's script. */
export const handler = gatewayEndpoint(container, pixPageStatusController(deps));
