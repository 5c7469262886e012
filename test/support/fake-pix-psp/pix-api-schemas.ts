/**
 * JSON Schemas of the BCB API Pix requests this project sends, written from the BCB's published OpenAPI (bacen/pix-api,
 * `components.schemas`): TxId, EndToEndId, DevolucaoId, CobSolicitada, CobVSolicitada, CobVRevisada, DevolucaoSolicitada,
 * WebhookSolicitado,
 * CobPayload, and RFC 6749 §4.4 for the token request. Two deliberate differences: patterns are anchored (the OpenAPI's
 * are not, so "x1.234" would match "\d{1,10}\.\d{2}" there), and unknown properties are refused, so that a field our
 * client misspells fails here instead of being ignored by a lenient PSP.
 */
const money = { type: 'string', pattern: '^\\d{1,10}\\.\\d{2}$' } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const TXID = { type: 'string', pattern: '^[a-zA-Z0-9]{26,35}$' } as const;
export const END_TO_END_ID = { type: 'string', pattern: '^[a-zA-Z0-9]{32}$' } as const;
export const DEVOLUCAO_ID = { type: 'string', pattern: '^[a-zA-Z0-9]{1,35}$' } as const;
export const CHAVE = { type: 'string', minLength: 1, maxLength: 77 } as const;

const devedor = {
  oneOf: [
    {
      type: 'object',
      required: ['cpf', 'nome'],
      additionalProperties: false,
      properties: { cpf: { type: 'string', pattern: '^\\d{11}$' }, nome: text(200) },
    },
    {
      type: 'object',
      required: ['cnpj', 'nome'],
      additionalProperties: false,
      properties: { cnpj: { type: 'string', pattern: '^[0-9A-Z]{14}$' }, nome: text(200) },
    },
  ],
} as const;

/** PUT /cob/{txid} body (CobSolicitada). */
export const COB_SOLICITADA = {
  type: 'object',
  required: ['calendario', 'valor', 'chave'],
  additionalProperties: false,
  properties: {
    calendario: {
      type: 'object',
      additionalProperties: false,
      properties: { expiracao: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    },
    devedor,
    loc: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    valor: {
      type: 'object',
      required: ['original'],
      additionalProperties: false,
      properties: { original: money, modalidadeAlteracao: { type: 'integer', minimum: 0, maximum: 1 } },
    },
    chave: CHAVE,
    solicitacaoPagador: text(140),
    infoAdicionais: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['nome', 'valor'],
        additionalProperties: false,
        properties: { nome: text(50), valor: text(200) },
      },
    },
  },
} as const;

const date = { type: 'string', format: 'date' } as const;
const percentOrValue = (maxModalidade: number) =>
  ({
    type: 'object',
    required: ['modalidade', 'valorPerc'],
    additionalProperties: false,
    properties: { modalidade: { type: 'integer', minimum: 1, maximum: maxModalidade }, valorPerc: money },
  }) as const;
const address = { logradouro: text(200), cidade: text(200), uf: text(2), cep: text(8), email: { type: 'string' } } as const;

/** A cobv's devedor (DadosDevedor): a person or a company, with an optional address and e-mail. */
const devedorCobv = {
  oneOf: [
    {
      type: 'object',
      required: ['cpf', 'nome'],
      additionalProperties: false,
      properties: { cpf: { type: 'string', pattern: '^\\d{11}$' }, nome: text(200), ...address },
    },
    {
      type: 'object',
      required: ['cnpj', 'nome'],
      additionalProperties: false,
      properties: { cnpj: { type: 'string', pattern: '^[0-9A-Z]{14}$' }, nome: text(200), ...address },
    },
  ],
} as const;

/** CobVValor: the amount and its charges (multa 1-2, juros 1-8, abatimento 1-2, desconto 1-6). */
const cobvValor = {
  type: 'object',
  additionalProperties: false,
  properties: {
    original: money,
    multa: percentOrValue(2),
    juros: percentOrValue(8),
    abatimento: percentOrValue(2),
    desconto: {
      type: 'object',
      required: ['modalidade'],
      additionalProperties: false,
      properties: {
        modalidade: { type: 'integer', minimum: 1, maximum: 6 },
        valorPerc: money,
        descontoDataFixa: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          items: {
            type: 'object',
            required: ['data', 'valorPerc'],
            additionalProperties: false,
            properties: { data: date, valorPerc: money },
          },
        },
      },
    },
  },
} as const;

const cobvCalendario = {
  type: 'object',
  required: ['dataDeVencimento'],
  additionalProperties: false,
  properties: { dataDeVencimento: date, validadeAposVencimento: { type: 'integer', minimum: 0, maximum: 2147483647 } },
} as const;

const cobvFields = {
  calendario: cobvCalendario,
  devedor: devedorCobv,
  loc: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
  valor: cobvValor,
  chave: CHAVE,
  solicitacaoPagador: text(140),
  infoAdicionais: COB_SOLICITADA.properties.infoAdicionais,
} as const;

/** PUT /cobv/{txid} body (CobVSolicitada): a due date and a devedor are required. */
export const COBV_SOLICITADA = {
  type: 'object',
  required: ['calendario', 'devedor', 'valor', 'chave'],
  additionalProperties: false,
  properties: { ...cobvFields, valor: { ...cobvValor, required: ['original'] } },
} as const;

/** PATCH /cobv/{txid} body (CobVRevisada): any of the fields, or the receiver's removal. */
export const COBV_REVISADA = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: { ...cobvFields, status: { enum: ['REMOVIDA_PELO_USUARIO_RECEBEDOR'] } },
} as const;

/** PUT /pix/{e2eid}/devolucao/{id} body (DevolucaoSolicitada). */
export const DEVOLUCAO_SOLICITADA = {
  type: 'object',
  required: ['valor'],
  additionalProperties: false,
  properties: { valor: money, natureza: { type: 'string', enum: ['ORIGINAL', 'RETIRADA'] }, descricao: text(140) },
} as const;

/** PUT /webhook/{chave} body (WebhookSolicitado); the BCB requires the receiver to be reached over HTTPS. */
export const WEBHOOK_SOLICITADO = {
  type: 'object',
  required: ['webhookUrl'],
  additionalProperties: false,
  properties: { webhookUrl: { type: 'string', format: 'uri', pattern: '^https://', maxLength: 2048 } },
} as const;

/** POST <tokenUrl>, form-encoded (RFC 6749 §4.4.2); the client authenticates with HTTP Basic or these two fields. */
export const TOKEN_REQUEST = {
  type: 'object',
  required: ['grant_type'],
  additionalProperties: false,
  properties: {
    grant_type: { const: 'client_credentials' },
    scope: { type: 'string', pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]+( [\\x21\\x23-\\x5b\\x5d-\\x7e]+)*$' },
    client_id: { type: 'string', minLength: 1 },
    client_secret: { type: 'string', minLength: 1 },
  },
} as const;

/** What the location serves inside the JWS (CobPayload), the fields this service sets. */
export const COB_PAYLOAD = {
  type: 'object',
  required: ['txid', 'calendario', 'revisao', 'status', 'valor', 'chave'],
  additionalProperties: false,
  properties: {
    calendario: {
      type: 'object',
      required: ['criacao', 'apresentacao', 'expiracao'],
      additionalProperties: false,
      properties: {
        criacao: { type: 'string', format: 'date-time' },
        apresentacao: { type: 'string', format: 'date-time' },
        expiracao: { type: 'integer', minimum: 1, maximum: 2147483647 },
      },
    },
    txid: TXID,
    revisao: { type: 'integer', minimum: 0 },
    status: { enum: ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] },
    valor: { type: 'object', required: ['original'], additionalProperties: false, properties: { original: money } },
    chave: CHAVE,
  },
} as const;
