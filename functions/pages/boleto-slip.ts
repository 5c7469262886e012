import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { boletoSlipController } from '../../lib/gateway/http/boleto-slip-controller';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET /v1/boleto/{uuid}: the printable boleto slip. */
export const handler = pageEndpoint(container, boletoSlipController(container, deps));
