/** A Pix create request (DESIGN §7.5). */
export function pixBody(token: string, pagamento: Record<string, unknown> = {}, pedido: Record<string, unknown> = {}) {
  return {
    token,
    transacao: {
      pedido: { numero: 'pix-1', total: '123.45', moeda: 'real', descricao: 'Pedido Pix', ...pedido },
      pagamento: { meio_pagamento: 'pix', ...pagamento },
    },
  };
}
