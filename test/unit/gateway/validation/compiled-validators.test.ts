import { describe, expect, it } from 'vitest';
import { validate as createTransaction } from '../../../../lib/gateway/validation/compiled/create-transaction.js';
import { staleCompiledFiles } from '../../../../scripts/build/compile-validators';

describe('validators compiled ahead of time (npm run build:validators)', () => {
  it('are up to date with their schemas', () => {
    expect(staleCompiledFiles()).toEqual([]);
  });

  it("keep the schema's ajv keywords: bandeira is lower-cased in place", () => {
    const body = {
      token: 't',
      transacao: {
        pedido: { numero: '1', total: '10.00', moeda: 'real' },
        pagamento: { meio_pagamento: 'boleto_bankA', bandeira: 'VISA' },
      },
    };
    createTransaction(body);
    expect(body.transacao.pagamento.bandeira).toBe('visa');
  });
});
