import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { settlementEndpoint } from '../../lib/gateway/http/settlement-endpoint';
import { refundTransaction } from '../../lib/gateway/use-cases/settle-transaction';

const deps = gatewayWiring();

/** POST /v1/transacao/{id}/estornar: a full reversal, paga → cancelada. */
export const handler = settlementEndpoint(deps, refundTransaction);
