import type { Transition } from '../domain/transition';
import { boletoQueueKey } from '../table/gateway-table';

/**
 * What the next remessa must carry, queued in the same DynamoDB transaction as the change that asks for it: a new
 * registered boleto's entrada (instruction 01), and a baixa (02) when `estornar` asks for one. Nothing else writes
 * the queue, so a boleto is queued once per instruction.
 */
export function boletoSideWrites(table: string, transition: Transition) {
  const { before, after } = transition;
  const boleto = after.boleto;
  if (!boleto) return [];
  const instruction = !before ? '01' : boleto.baixaRequestedAt && !before.boleto?.baixaRequestedAt ? '02' : undefined;
  if (!instruction) return [];
  const Item = {
    ...boletoQueueKey(after.merchantId, after.method, after.id, instruction),
    kind: 'boletoQueue',
    transactionId: after.id,
    instruction,
  };
  return [{ Put: { TableName: table, Item, ConditionExpression: 'attribute_not_exists(PK)' } }];
}
