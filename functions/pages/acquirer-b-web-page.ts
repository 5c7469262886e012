import { cardGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';
import { container } from '../../lib/http/container-wiring';

const deps = cardGatewayWiring();

/** GET and POST /v1/acquirerB_web/{uuid}: the buyer pays on acquirerB_web's hosted page. */
export const handler = pageEndpoint(container, hostedPaymentPage(container, deps, 'acquirerB_web'));
