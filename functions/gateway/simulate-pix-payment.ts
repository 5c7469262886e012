import { gatewayWiring } from '../../lib/gateway/gateway-wiring';
import { gatewayEndpoint } from '../../lib/gateway/http/api-endpoint';
import { gatewayResponse } from '../../lib/gateway/http/gateway-response';
import { transactionIdOf } from '../../lib/gateway/http/request-parts';
import { simulatePixPayment } from '../../lib/gateway/use-cases/simulate-pix-payment';
import { jsonBody } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

const deps = gatewayWiring();

/** POST /v1/transacao/{id}/simular_pagamento {token}: sandbox only, a Pix charge paid as if by the payer's bank. */
export const handler = gatewayEndpoint(container, async (event) =>
  gatewayResponse(await simulatePixPayment(deps, { body: jsonBody(event), transactionId: transactionIdOf(event) })),
);
