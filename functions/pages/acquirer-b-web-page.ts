import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

/** GET and POST /v1/acquirerB_web/{uuid}: the buyer pays on acquirerB_web's hosted page. */
export const handler = pageEndpoint(hostedPaymentPage('acquirerB_web'));
