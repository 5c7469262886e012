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
        valor_capturado: {
          type: 'string',
          pattern: '^\\d+\\.\\d{2}$',
          description: 'What was captured (a partial capture sets it); present once the transaction was paid.',
        },
        valor_estornado: {
          type: 'string',
          pattern: '^\\d+\\.\\d{2}$',
          description: 'Sum of the refunds that are not nao_realizado ("0.00" when none).',
        },
        estornos: {
          type: 'array',
          description: 'Every refund asked for, oldest first.',
          items: {
            type: 'object',
            required: ['id', 'valor', 'status', 'criado_em'],
            properties: {
              id: { type: 'string', pattern: '^est_' },
              valor: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
              status: { type: 'string', enum: ['concluido', 'em_processamento', 'nao_realizado'] },
              criado_em: { type: 'string', format: 'date-time' },
            },
          },
        },
        url_acesso: {
          type: ['string', 'null'],
          format: 'uri',
          description: 'Hosted page or slip; absent for card-data methods.',
        },
        detalhes: {
          type: 'object',
          description:
            'Per method (docs/gateway-api.md). A registered boleto: nosso_numero, linha_digitavel, codigo_barras, registro ' +
            "(pendente | registrado | rejeitado), valor_pago, data_pagamento (YYYY-MM-DD), br_code (the híbrido's Pix, or null).",
          additionalProperties: { type: ['string', 'null'] },
        },
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
