import { boletoSlipController } from '../../lib/gateway/http/boleto-slip-controller';
import { pageEndpoint } from '../../lib/gateway/http/page-endpoint';

/** GET /v1/boleto/{uuid}: the printable boleto slip. */
export const handler = pageEndpoint(boletoSlipController);
