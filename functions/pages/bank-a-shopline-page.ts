import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** GET and POST /v1/bankA_shopline/{uuid}: the buyer pays on bankA_shopline's hosted page. */
export const handler = pageEndpoint(container, hostedPaymentPage(container, deps, 'bankA_shopline'));
