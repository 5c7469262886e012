/** POST /v1/transacao/{id}/capturar and /estornar: the only definition of their body (validation, type, OpenAPI). */
export const settlementRequestSchema = {
  $id: 'SettlementRequest',
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string', description: 'The merchant API token (UUID).' },
    valor: {
      type: 'string',
      pattern: '^\\d{1,12}\\.\\d{2}$',
      description:
        'Decimal with a dot and two decimals, > 0. capturar: at most the total (a partial capture); estornar: at most what ' +
        'remains to refund. Absent: the total (capturar) or all that remains (estornar).',
    },
  },
} as const;
