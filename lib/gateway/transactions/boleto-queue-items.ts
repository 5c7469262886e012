import type { Transition } from '../domain/transition';
import { boletoQueueKey, pixLocationKey } from '../table/gateway-table';

/**
 * What the next remessa must carry, queued in the same DynamoDB transaction as the change that asks for it: a new
 * registered boleto's entrada (instruction 01), and a baixa (02) when `estornar` asks for one. Nothing else writes
 * the queue, so a boleto is queued once per instruction. A híbrido's Pix location pointer is written with its boleto
 * (unless its `cobv` is at the merchant's PSP).
 */
export function boletoSideWrites(table: string, transition: Transition) {
  const { before, after } = transition;
  const boleto = after.boleto;
  if (!boleto) return [];
  // A cobv at the merchant's PSP is served there: no location here.
  const location = !before && boleto.pix && !boleto.pix.psp ? [pixLocationPointer(table, boleto.pix.locationId, after.id)] : [];
  const instruction = instructionOf(transition);
  if (!instruction) return location;
  const Item = {
    ...boletoQueueKey(after.merchantId, after.method, after.id, instruction),
    kind: 'boletoQueue',
    transactionId: after.id,
    instruction,
  };
  return [...location, { Put: { TableName: table, Item, ConditionExpression: 'attribute_not_exists(PK)' } }];
}

/**
 * 01 with a new boleto; 02 when `estornar` asks for a baixa, or when the híbrido was paid by Pix (the bank must stop
 * taking the boleto: a payer who pays it anyway is a duplicate payment to return).
 */
function instructionOf({ before, after }: Transition): '01' | '02' | undefined {
  if (!before) return '01';
  if (after.boleto?.baixaRequestedAt && !before.boleto?.baixaRequestedAt) return '02';
  const paidByPix = after.boleto?.payment?.via === 'pix' && before.status === 'aguardando_pagamento';
  return paidByPix && after.status === 'paga' ? '02' : undefined;
}

/** The híbrido's location pointer, as a Pix charge's (transactions/pix-charge-items.ts). */
function pixLocationPointer(table: string, locationId: string, transactionId: number) {
  return {
    Put: {
      TableName: table,
      Item: { ...pixLocationKey(locationId), kind: 'pixLocation', transactionId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
