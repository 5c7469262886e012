import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';
import { pixPageController } from '../../lib/gateway/http/pix-page-controller';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET /v1/pix/{uuid}: the hosted Pix page (QR code, copia e cola, live status). */
export const handler = pageEndpoint(container, pixPageController(deps));
