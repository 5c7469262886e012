import { createTransactionSchema, tokenOnlySchema } from '../../../schemas/create-transaction.schema';
import { settlementRequestSchema } from '../../../schemas/settlement-request.schema';
import { transactionResponseSchema } from '../../../schemas/transaction-response.schema';
import testCards from '../acquirers/fixtures/sandbox-test-cards.json' with { type: 'json' };
import { CAPTURE_FAILS_WHEN_CENTS } from '../acquirers/sandbox-acquirer';
import { PAYMENT_METHODS } from '../domain/payment-methods';
import { STATUSES } from '../domain/state-machine';
import { GATEWAY_ERROR_CATALOGUE } from '../http/error-catalogue';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../listing/list-query';

/** JSON Schema as published: without ajv-only keywords (`transform`) and local ids. */
function publishable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(publishable);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema)
        .filter(([key]) => key !== 'transform' && key !== '$id')
        .map(([key, value]) => [key, publishable(value)]),
    );
  }
  return schema;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/TransactionResponse' } } },
});

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Retrying with the same key and the same request returns the first response (24 h); with another request → 009.',
  schema: { type: 'string', maxLength: 255 },
};

const settlement = (summary: string, description: string) => ({
  summary,
  description,
  parameters: [idParameter, idempotencyHeader],
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/SettlementRequest' } } },
  },
  responses: {
    '200': errorResponse('The transaction after the operation'),
    '400': errorResponse('Malformed valor (not a string with two decimals, or zero); nothing is stored'),
    '401': errorResponse('001 invalid token'),
    '404': errorResponse("006 unknown transaction (or another merchant's)"),
    '409': errorResponse(
      '007 not allowed in the current status, or valor above the total (capturar) or above what remains (estornar); the transaction is returned as it is',
    ),
  },
});

function webhookSchema(withSecret: boolean) {
  return {
    type: 'object',
    required: ['id', 'url', 'criado_em', ...(withSecret ? ['segredo'] : [])],
    properties: {
      id: { type: 'string' },
      url: { type: 'string', format: 'uri' },
      ...(withSecret ? { segredo: { type: 'string' } } : {}),
      criado_em: { type: 'string', format: 'date-time' },
    },
  };
}

const webhookResponse = (description: string, withSecret: boolean) => ({
  description,
  content: {
    'application/json': { schema: { type: 'object', properties: { webhook: webhookSchema(withSecret) } } },
  },
});

/** OpenAPI 3.1 of the gateway API, built from schemas/ and the error catalogue (GET /v1/openapi.json). */
export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Payment gateway API',
    version: '1.0.0',
    description: [
      'Create, capture, cancel (estornar) and consult transactions. Every response is {"transacao": {...}}; errors carry',
      '`erro: {codigo, mensagem}` inside it. The body is parsed as JSON whatever its Content-Type.',
      `Sandbox: card ${testCards.approvedByBrand.visa} approves, ${testCards.declined.visa} declines; otherwise by last digit (0,1,4,9 approve; 2 declined;`,
      `3 expired; 5 blocked; 6 timeout; 7 cancelled; 8 card problem); totals ending in .${CAPTURE_FAILS_WHEN_CENTS} fail at capture.`,
    ].join(' '),
  },
  paths: {
    '/v1/transacao': {
      get: {
        summary: 'List transactions',
        description: [
          "The token's merchant's transactions, newest first, each as the consult API returns it, in",
          '{"transacoes": [...], "proximo_cursor": "..." | null}. Filters combine (AND); dates are UTC days, inclusive.',
          'Pass proximo_cursor back as cursor, with the same filters, until it is null; a page may be shorter than',
          'limite when a rare filter stops at the read budget, with a cursor to continue. An edited, made-up or',
          "another merchant's cursor → 400 (003). Also answers /v1/transacao/.",
        ].join(' '),
        parameters: [
          { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: [...STATUSES] } },
          { name: 'meio_pagamento', in: 'query', required: false, schema: { type: 'string', enum: [...PAYMENT_METHODS] } },
          { name: 'numero_pedido', in: 'query', required: false, schema: { type: 'string', maxLength: 60 } },
          { name: 'desde', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
          { name: 'ate', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
          {
            name: 'limite',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
          },
          { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'One page of transactions',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TransactionList' } } },
          },
          '400': errorResponse('003 bad filter, limite or cursor; 004 unknown meio_pagamento'),
          '401': errorResponse('001 invalid token'),
        },
      },
      post: {
        summary: 'Create a transaction',
        description:
          'Card-data methods are authorized (and captured when capturar=true) at once; redirect and boleto methods return url_acesso. ' +
          'pix returns url_acesso (the hosted Pix page) and detalhes {txid, br_code, expira_em, e2eid, data_pagamento}; ' +
          'an unpaid Pix charge becomes negada within 60 s of expira_em.',
        parameters: [idempotencyHeader],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateTransactionRequest' } } },
        },
        responses: {
          '201': errorResponse('The created transaction (a denied payment is status negada, not an error)'),
          '400': errorResponse('002 url_retorno, 003 invalid field, 004 meio_pagamento, 005 malformed JSON'),
          '401': errorResponse('001 invalid token'),
          '422': errorResponse('009 Idempotency-Key reused with another request'),
          '503': errorResponse('008 no acquirer connector on this stage'),
        },
      },
    },
    '/v1/transacao/{id}': {
      get: {
        summary: 'Consult a transaction',
        parameters: [idParameter, { name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          '200': errorResponse('The transaction'),
          '401': errorResponse('001 invalid token'),
          '404': errorResponse("006 unknown transaction (or another merchant's)"),
        },
      },
    },
    '/v1/transacao/{id}/capturar': {
      post: settlement(
        'Capture, all or part',
        'aguardando_pagamento (authorized) → paga, or negada when the acquirer refuses. With valor (≤ the total) only that ' +
          'part is captured: the transaction carries valor_capturado, the most that can be refunded.',
      ),
    },
    '/v1/transacao/{id}/estornar': {
      post: settlement(
        'Refund (estorno), all or part',
        'A refund of valor, or of all that remains without it, listed in estornos. Refunds below what remains leave the ' +
          'transaction paga; the one whose concluido refunds reach valor_capturado makes it cancelada. A refund the channel ' +
          'refuses is listed nao_realizado (200) and gives its amount back; a Pix devolução is em_processamento until the ' +
          'PSP answers. Parallel refunds never exceed valor_capturado: a request that loses a race retries on the new state.',
      ),
    },
    '/v1/transacao/{id}/simular_pagamento': {
      post: {
        ...settlement(
          'Simulate a Pix payment (sandbox only)',
          "A Pix charge aguardando_pagamento → paga, with detalhes.e2eid and data_pagamento, as if the payer's bank paid it. " +
            'An expired charge → 409. Answers 404 on the production stage.',
        ),
        parameters: [idParameter],
      },
    },
    '/v1/pix/loc/{locationId}': {
      get: {
        summary: "A Pix charge's location (behind its BR Code)",
        description:
          'The charge as the BCB API Pix `cob` (txid, revisao, calendario, status ATIVA | CONCLUIDA | REMOVIDA_PELO_PSP, ' +
          'valor.original, chave), signed as a compact JWS whose header names the key (kid) and the JWKS (jku).',
        parameters: [{ name: 'locationId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'Compact JWS', content: { 'application/jose': { schema: { type: 'string' } } } },
          '404': errorResponse('006 unknown location'),
        },
      },
    },
    '/v1/pix/jwks.json': {
      get: {
        summary: 'The keys that verify Pix location payloads (their jku)',
        responses: {
          '200': {
            description: 'JWKS',
            content: { 'application/json': { schema: { type: 'object', properties: { keys: { type: 'array' } } } } },
          },
        },
      },
    },
    '/v1/webhooks': {
      post: {
        summary: 'Register a webhook endpoint',
        description: [
          'Body {"token", "url"}. url is https:// (http:// and internal addresses only on local stacks with',
          'WEBHOOK_ALLOW_PRIVATE=1); loopback, private, link-local and metadata targets are refused, here and again at',
          'delivery after DNS resolution. The answer holds the endpoint secret (segredo) this once. Every status a',
          'transaction takes is then POSTed as {"id": "evt_...", "tipo": "transacao.<status>", "criado_em", "transacao"}',
          '(and every refund, once its outcome is known, as "tipo": "transacao.estorno", before transacao.cancelada)',
          'with Gateway-Signature: t=<unix>,v1=<hex HMAC-SHA256(segredo, "<t>.<raw body>")>; a 2xx within 10 s',
          'delivers, otherwise retried after 60 s, then 4× longer each time, 8 attempts in all. Receivers de-duplicate by id.',
        ].join(' '),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['token', 'url'],
                properties: { token: { type: 'string' }, url: { type: 'string', format: 'uri', maxLength: 2048 } },
              },
            },
          },
        },
        responses: {
          '201': webhookResponse('The endpoint, with its secret (shown once)', true),
          '400': errorResponse('003 url refused (scheme, internal address, unresolvable host) or 10 endpoints already'),
          '401': errorResponse('001 invalid token'),
        },
      },
      get: {
        summary: 'List webhook endpoints',
        parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: '{"webhooks": [{id, url, criado_em}]} (never the secret)',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { webhooks: { type: 'array', items: webhookSchema(false) } } },
              },
            },
          },
          '401': errorResponse('001 invalid token'),
        },
      },
    },
    '/v1/webhooks/{id}': {
      delete: {
        summary: 'Remove a webhook endpoint',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': webhookResponse('The removed endpoint', false),
          '401': errorResponse('001 invalid token'),
          '404': errorResponse("006 unknown endpoint (or another merchant's)"),
        },
      },
    },
  },
  components: {
    schemas: {
      CreateTransactionRequest: publishable(createTransactionSchema),
      TokenOnlyRequest: publishable(tokenOnlySchema),
      SettlementRequest: publishable(settlementRequestSchema),
      TransactionResponse: publishable(transactionResponseSchema),
      TransactionList: {
        type: 'object',
        required: ['transacoes', 'proximo_cursor'],
        properties: {
          transacoes: { type: 'array', items: publishable(transactionResponseSchema.properties.transacao) },
          proximo_cursor: { type: ['string', 'null'] },
        },
      },
    },
  },
  'x-error-catalogue': Object.values(GATEWAY_ERROR_CATALOGUE).map(({ codigo, status, mensagem }) => ({
    codigo,
    status,
    mensagem,
  })),
} as const;
