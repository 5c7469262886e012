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

/** A Pix transaction's fields in the API, in order (DESIGN §7.5), and its detalhes. */
export const PIX_VIEW_KEYS = [
  'id',
  'status',
  'meio_pagamento',
  'numero_pedido',
  'total',
  'valor_estornado',
  'estornos',
  'url_acesso',
  'detalhes',
  'erro',
];
export const PIX_DETALHES_KEYS = ['txid', 'br_code', 'expira_em', 'e2eid', 'data_pagamento'];
