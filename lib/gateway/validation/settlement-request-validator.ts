import type { FromSchema } from 'json-schema-to-ts';
import type { settlementRequestSchema } from '../../../schemas/settlement-request.schema';
import { parseAmount } from '../domain/money';
import { GatewayError } from '../errors';
import { validate } from './compiled/settlement-request.js';
import { schemaAssertion } from './schema-assertion';

export type SettlementRequest = FromSchema<typeof settlementRequestSchema>;

const assertSettlement = schemaAssertion(validate);

/** The body of capturar and estornar (`{"token", "valor"?}`) checked, with `valor` in cents (undefined: not sent). */
export function parseSettlementRequest(body: unknown): { token: string; cents: number | undefined } {
  assertSettlement(body);
  const request = body as SettlementRequest;
  if (request.valor === undefined) return { token: request.token, cents: undefined };
  const cents = parseAmount(request.valor);
  if (cents === undefined) throw new GatewayError('invalid_request', 'valor: deve ser maior que zero');
  return { token: request.token, cents };
}
