import { boletoSlipPage } from '../../lib/gateway/http/boleto-slip-page';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

/** GET /v1/boleto/{uuid}: the printable boleto slip. */
export const handler = pageEndpoint(boletoSlipPage);
