import { hostedPaymentPage } from '../../lib/gateway/http/hosted-payment-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

/** GET and POST /v1/bankA_shopline/{uuid}: the buyer pays on bankA_shopline's hosted page. */
export const handler = pageEndpoint(hostedPaymentPage('bankA_shopline'));
