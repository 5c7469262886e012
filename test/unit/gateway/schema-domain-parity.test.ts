import { describe, expect, it } from 'vitest';
import { CARD_BRANDS } from '../../../lib/gateway/domain/card';
import { PAYMENT_METHODS } from '../../../lib/gateway/domain/payment-methods';
import { STATUSES } from '../../../lib/gateway/domain/state-machine';
import { createTransactionSchema } from '../../../schemas/create-transaction.schema';
import { transactionResponseSchema } from '../../../schemas/transaction-response.schema';

// The schemas are the source of validation and OpenAPI; the domain's constants drive the code. One fact, one value.
describe('schema enums equal the domain constants', () => {
  const pagamento = createTransactionSchema.properties.transacao.properties.pagamento.properties;

  it('payment methods', () => {
    expect([...pagamento.meio_pagamento.enum].sort()).toEqual([...PAYMENT_METHODS].sort());
  });

  it('card brands', () => {
    expect([...pagamento.bandeira.enum].sort()).toEqual([...CARD_BRANDS].sort());
  });

  it('statuses', () => {
    expect([...transactionResponseSchema.properties.transacao.properties.status.enum].sort()).toEqual([...STATUSES].sort());
  });
});
