import { cardGatewayWiring } from '../../lib/gateway/acquirer-wiring';
import { settlementEndpoint } from '../../lib/gateway/http/settlement-endpoint';
import { captureTransaction } from '../../lib/gateway/use-cases/settle-transaction';
import { container } from '../../lib/http/container-wiring';

const deps = cardGatewayWiring();

/** POST /v1/transacao/{id}/capturar: aguardando_pagamento → paga | negada. */
export const handler = settlementEndpoint(container, deps, captureTransaction);
