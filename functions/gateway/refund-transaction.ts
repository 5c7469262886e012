import { cardAndPixGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { settlementEndpoint } from '../../lib/gateway/http/settlement-endpoint';
import { refundTransaction } from '../../lib/gateway/use-cases/settle-transaction';
import { container } from '../../lib/http/container-wiring';

// The stage's Pix provider (production: the merchant's PSP) is wired in here, not in every gateway function.
const deps = cardAndPixGatewayWiring();

/** POST /v1/transacao/{id}/estornar: a full reversal, paga → cancelada. */
export const handler = settlementEndpoint(container, deps, refundTransaction);
