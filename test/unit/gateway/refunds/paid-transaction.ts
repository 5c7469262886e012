import type { AcquirerReference } from '../../../../lib/gateway/acquirers/acquirer';
import { summariseCard } from '../../../../lib/gateway/domain/card';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';

export const PAID_AT = '2026-11-27T10:00:00.000Z';
export const reference: AcquirerReference = { tid: 't1', nsu: 'n1', authorizationCode: 'a1', returnCode: '00', at: PAID_AT };

/** A card transaction paid at creation (100.00 unless overridden): what the refund tests start from. */
export function paidTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 9,
    merchantId: 'm-a',
    merchantName: 'Loja A',
    status: 'paga',
    method: 'acquirerB_ws',
    flow: 'card',
    orderNumber: '1',
    totalCents: 10_000,
    currency: 'real',
    capture: true,
    installments: 1,
    operationType: 'credito_a_vista',
    authorized: true,
    acquirerReference: reference,
    card: summariseCard('4242424242424242', 'visa'),
    history: [{ status: 'paga', at: PAID_AT, by: 'create' }],
    createdAt: PAID_AT,
    updatedAt: PAID_AT,
    ...overrides,
  };
}
