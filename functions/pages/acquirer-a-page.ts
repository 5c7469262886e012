import { cardGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

const deps = cardGatewayWiring();

/** GET and POST /v1/acquirerA/{uuid}: the buyer pays on acquirerA's hosted page. */
export const handler = pageEndpoint(hostedPaymentPage(deps, 'acquirerA'));
