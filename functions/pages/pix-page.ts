import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';
import { pixPageController } from '../../lib/gateway/http/pix-page-controller';

const deps = gatewayWiring();

/** GET /v1/pix/{uuid}: the hosted Pix page (QR code, copia e cola, live status). */
export const handler = pageEndpoint(pixPageController(deps));
