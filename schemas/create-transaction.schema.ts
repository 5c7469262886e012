/**
 * POST /v1/transacao: the only definition of the request's shape. Validation (ajv), the TypeScript
 * type (json-schema-to-ts) and the OpenAPI document are all derived from it. Rules that need more than
 * a schema (Luhn, brand against number, dates, fields required per flow) live in lib/gateway/validation.
 */
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const CARD_FIELDS = ['bandeira', 'cartao_numero', 'cartao_cvv', 'cartao_validade'] as const;

export const createTransactionSchema = {
  $id: 'CreateTransactionRequest',
  type: 'object',
  required: ['token', 'transacao'],
  properties: {
    token: { type: 'string', description: 'The merchant API token (UUID).' },
    transacao: {
      type: 'object',
      required: ['pedido', 'pagamento'],
      properties: {
        url_retorno: { type: 'string', maxLength: 2048, description: 'Required for redirect methods; absolute http(s) URL.' },
        capturar: {
          description: 'true captures at once (default); false only authorizes. "true"/"false" strings are accepted.',
          oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }],
        },
        pedido: {
          type: 'object',
          required: ['numero', 'total'],
          properties: {
            numero: {
              description: "The merchant's order number.",
              oneOf: [
                { type: 'string', minLength: 1, maxLength: 50 },
                // JSON numbers above 2^53 - 1 lose digits when parsed (9007199254740993 reads as ...992): refused.
                { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
              ],
            },
            total: { type: 'string', pattern: '^\\d{1,12}\\.\\d{2}$', description: 'Decimal with a dot and two decimals, > 0.' },
            moeda: { type: 'string', enum: ['real'] },
            descricao: text(1024),
          },
        },
        pagamento: {
          type: 'object',
          required: ['meio_pagamento'],
          properties: {
            meio_pagamento: {
              type: 'string',
              enum: ['acquirerB_ws', 'acquirerA', 'acquirerB_web', 'bankA_shopline', 'boleto_bankA', 'boleto_bankB', 'pix'],
            },
            bandeira: {
              type: 'string',
              transform: ['trim', 'toLowerCase'],
              enum: ['visa', 'mastercard', 'diners', 'elo', 'discover'],
            },
            cartao_numero: { type: 'string', pattern: '^[0-9 ]{12,23}$' },
            cartao_cvv: { type: 'string', pattern: '^\\d{3,4}$' },
            cartao_validade: { type: 'string', pattern: '^(0[1-9]|1[0-2])\\d{4}$', description: 'MMYYYY' },
            parcelas: {
              oneOf: [
                { type: 'integer', minimum: 1, maximum: 12 },
                { type: 'string', pattern: '^(0?[1-9]|1[0-2])$' },
              ],
            },
            tipo_operacao: { type: 'string', enum: ['credito_a_vista', 'parcelado_loja', 'parcelado_administradora', 'debito'] },
            data_vencimento: { type: 'string', pattern: '^\\d{8}$', description: 'DDMMYYYY, boleto only' },
            multa: {
              type: 'string',
              pattern: '^\\d{1,2}(\\.\\d{1,2})?$',
              description: 'Boleto only: percent of the amount charged once when paid after the due date ("2.00"), > 0.',
            },
            juros: {
              type: 'string',
              pattern: '^\\d{1,2}(\\.\\d{1,2})?$',
              description: 'Boleto only: juros de mora, percent a month, counted per day after the due date ("1.00"), > 0.',
            },
            desconto: {
              type: 'object',
              required: ['valor', 'data_limite'],
              additionalProperties: false,
              description: 'Boleto only: this amount off when paid until data_limite (at most the due date).',
              properties: {
                valor: { type: 'string', pattern: '^\\d{1,12}\\.\\d{2}$', description: 'Less than the total.' },
                data_limite: { type: 'string', pattern: '^\\d{8}$', description: 'DDMMYYYY' },
              },
            },
            dias_baixa: {
              type: 'integer',
              minimum: 1,
              maximum: 999,
              description: 'Boleto only: the bank writes the unpaid boleto off (cancelada) this many days after the due date.',
            },
            expiracao: {
              type: 'integer',
              minimum: 60,
              maximum: 86400,
              description: 'Pix only: seconds until the unpaid charge expires (negada); default 3600.',
            },
          },
        },
        comprador: {
          type: 'object',
          properties: {
            nome: text(200),
            documento: { type: 'string', pattern: '^[0-9./ -]{11,20}$' },
            endereco: text(200),
            complemento: text(200),
            numero: text(20),
            cep: { type: 'string', pattern: '^\\d{5}-?\\d{3}$' },
            bairro: text(100),
            cidade: text(100),
            estado: { type: 'string', pattern: '^[A-Za-z]{2}$' },
          },
        },
      },
    },
  },
} as const;

/** POST /v1/transacao/{id}/capturar and /estornar. */
export const tokenOnlySchema = {
  $id: 'TokenOnlyRequest',
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', description: 'The merchant API token (UUID).' } },
} as const;
