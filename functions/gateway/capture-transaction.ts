import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { settlementEndpoint } from '../../lib/gateway/http/settlement-endpoint';
import { captureTransaction } from '../../lib/gateway/use-cases/settle-transaction';

const deps = gatewayWiring();

/** POST /v1/transacao/{id}/capturar: aguardando_pagamento → paga | negada. */
export const handler = settlementEndpoint(deps, captureTransaction);
