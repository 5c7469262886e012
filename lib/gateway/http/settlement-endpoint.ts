import { type Container, jsonBody } from '../../http';
import type { GatewayDependencies, GatewayResult } from '../use-cases/dependencies';
import type { SettleInput } from '../use-cases/settle-transaction';
import { gatewayEndpoint } from './api-endpoint';
import { gatewayResponse } from './gateway-response';
import { idempotencyKeyOf, transactionIdOf } from './request-parts';

/** The handler of POST /v1/transacao/{id}/capturar and /estornar: same request shape, another use case. */
export function settlementEndpoint(
  container: Container,
  deps: GatewayDependencies,
  useCase: (deps: GatewayDependencies, input: SettleInput) => Promise<GatewayResult>,
) {
  return gatewayEndpoint(container, async (event) =>
    gatewayResponse(
      await useCase(deps, {
        body: jsonBody(event),
        transactionId: transactionIdOf(event),
        idempotencyKey: idempotencyKeyOf(event),
      }),
    ),
  );
}
