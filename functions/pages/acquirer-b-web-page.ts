import { cardGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

const deps = cardGatewayWiring();

/** GET and POST /v1/acquirerB_web/{uuid}: the buyer pays on acquirerB_web's hosted page. */
export const handler = pageEndpoint(hostedPaymentPage(deps, 'acquirerB_web'));
