import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

/** GET and POST /v1/acquirerA/{uuid}: the buyer pays on acquirerA's hosted page. */
export const handler = pageEndpoint(hostedPaymentPage('acquirerA'));
