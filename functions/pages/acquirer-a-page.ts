import { cardGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';
import { container } from '../../lib/http/container-wiring';

const deps = cardGatewayWiring();

/** GET and POST /v1/acquirerA/{uuid}: the buyer pays on acquirerA's hosted page. */
export const handler = pageEndpoint(container, hostedPaymentPage(container, deps, 'acquirerA'));
