/** Request bodies of the gateway API, free of the test stack (the fuzz bench uses them outside vitest). */

/** A card payment body; override any part. */
export function cardBody(token: string, overrides: { pedido?: object; pagamento?: object; transacao?: object } = {}) {
  return {
    token,
    transacao: {
      capturar: 'true',
      pedido: { numero: '1001', total: '10.00', moeda: 'real', descricao: 'Pedido de teste', ...overrides.pedido },
      pagamento: {
        meio_pagamento: 'acquirerB_ws',
        bandeira: 'visa',
        cartao_numero: '4242424242424242',
        cartao_cvv: '123',
        cartao_validade: '122030',
        parcelas: '1',
        tipo_operacao: 'credito_a_vista',
        ...overrides.pagamento,
      },
      comprador: { nome: 'Maria Silva', documento: '12345678909', cep: '01310-100', cidade: 'São Paulo', estado: 'SP' },
      ...overrides.transacao,
    },
  };
}
