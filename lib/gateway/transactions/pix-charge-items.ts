import type { Transition } from '../domain/transition';
import { pixExpiryKey, pixLocationKey } from '../table/gateway-table';

type SideWrite =
  | { Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression?: string } }
  | { Delete: { TableName: string; Key: Record<string, string> } };

/**
 * The items a Pix charge keeps beside its transaction, written in the same DynamoDB transaction as the change that
 * makes them true: the location pointer and the expiry marker with the new charge; the marker's removal with the
 * move that ends the wait (paid, or expired).
 */
export function pixSideWrites(table: string, transition: Transition): SideWrite[] {
  const { before, after } = transition;
  const charge = after.pix;
  if (!charge) return [];
  if (!before) {
    const writes: SideWrite[] = [
      {
        Put: {
          TableName: table,
          Item: { ...pixLocationKey(charge.locationId), kind: 'pixLocation', transactionId: after.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ];
    if (after.status === 'aguardando_pagamento') {
      writes.push({
        Put: {
          TableName: table,
          Item: {
            ...pixExpiryKey(charge.expiresAt, after.id),
            kind: 'pixExpiry',
            transactionId: after.id,
            merchantId: after.merchantId,
          },
        },
      });
    }
    return writes;
  }
  const waiting = before.status === 'aguardando_pagamento' ? before.pix : undefined;
  if (waiting && after.status !== 'aguardando_pagamento') {
    return [{ Delete: { TableName: table, Key: pixExpiryKey(waiting.expiresAt, before.id) } }];
  }
  return [];
}
