/** Every gateway response: {"transacao": {...}}, with `erro` null on success (OpenAPI document). */
export const transactionResponseSchema = {
  $id: 'TransactionResponse',
  type: 'object',
  required: ['transacao'],
  properties: {
    transacao: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        status: { type: 'string', enum: ['aguardando_pagamento', 'paga', 'negada', 'cancelada'] },
        meio_pagamento: { type: 'string' },
        numero_pedido: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
        total: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
        url_acesso: {
          type: ['string', 'null'],
          format: 'uri',
          description: 'Hosted page or slip; absent for card-data methods.',
        },
        detalhes: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
        erro: {
          oneOf: [
            { type: 'null' },
            {
              type: 'object',
              required: ['codigo', 'mensagem'],
              properties: { codigo: { type: 'string' }, mensagem: { type: 'string' } },
            },
          ],
        },
      },
    },
  },
} as const;
