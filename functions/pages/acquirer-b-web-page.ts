import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

const deps = gatewayWiring();

/** GET and POST /v1/acquirerB_web/{uuid}: the buyer pays on acquirerB_web's hosted page. */
export const handler = pageEndpoint(hostedPaymentPage(deps, 'acquirerB_web'));
