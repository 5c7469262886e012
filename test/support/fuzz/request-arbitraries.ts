import fc from 'fast-check';
import { cardBody } from '../gateway-bodies';
import type { FuzzContext } from './fuzz-context';

/** One generated request, and what its answer must look like. */
export interface FuzzRequest {
  method: string;
  /** Path and query, percent-encoded as they go on the wire. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  /** The card numbers written into the request (in whatever form): none may come back. */
  cards: string[];
}

/** Card numbers that pass Luhn, as a hostile or careless client would type them. */
const CARDS = ['4111111111111111', '4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'];
const cardForms = fc
  .tuple(fc.constantFrom(...CARDS), fc.constantFrom('', ' ', '-'))
  .map(([card, separator]) => (separator ? (card.match(/.{1,4}/g) ?? []).join(separator) : card));

/** Text that tends to break parsers and templates, mixed with plain noise. */
const nasty = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    '9007199254740993',
    '010.00',
    '10,00',
    'NaN',
    'null',
    'true',
    '__proto__',
    'constructor',
    '{"a":',
    '<script>alert(1)</script>',
    '"><img src=x>',
    '../../etc/passwd',
    '%00',
    '%',
    '%E0%A4%A',
    '\u0000',
    '\uD800',
    'ç ã é 漢字 🙂',
    'a'.repeat(3000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  cardForms,
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

const CARD_FIELDS = ['bandeira', 'cartao_numero', 'cartao_cvv', 'cartao_validade'];
const CARD_ONLY = ['data_vencimento'];
const BOLETO_ONLY = [...CARD_FIELDS, 'parcelas', 'tipo_operacao'];
const REDIRECT_ONLY = [...CARD_FIELDS, 'data_vencimento'];

/** A create body close enough to valid to reach the deeper rules, with any part replaced by anything. */
function createBody(context: FuzzContext) {
  const valid = cardBody(context.token, {
    pedido: { descricao: 'Pedido' },
    pagamento: { data_vencimento: '01012040' },
    transacao: { capturar: 'false', url_retorno: 'https://shop.test/retorno' },
  });
  const paths = [
    ['token'],
    ['transacao'],
    ['transacao', 'capturar'],
    ['transacao', 'url_retorno'],
    ['transacao', 'pedido'],
    ['transacao', 'pedido', 'numero'],
    ['transacao', 'pedido', 'total'],
    ['transacao', 'pedido', 'descricao'],
    ['transacao', 'pagamento', 'meio_pagamento'],
    ['transacao', 'pagamento', 'bandeira'],
    ['transacao', 'pagamento', 'cartao_numero'],
    ['transacao', 'pagamento', 'cartao_validade'],
    ['transacao', 'pagamento', 'parcelas'],
    ['transacao', 'pagamento', 'tipo_operacao'],
    ['transacao', 'pagamento', 'data_vencimento'],
    ['transacao', 'comprador'],
    ['transacao', 'comprador', 'nome'],
    ['transacao', 'comprador', 'documento'],
  ];
  const methods = ['acquirerB_ws', 'acquirerA', 'acquirerB_web', 'bankA_shopline', 'boleto_bankA', 'boleto_bankB'];
  return fc
    .tuple(
      fc.constantFrom(...methods),
      fc.array(fc.tuple(fc.constantFrom(...paths), fc.option(anyJson, { nil: undefined })), { maxLength: 3 }),
    )
    .map(([method, changes]) => {
      const body = structuredClone(valid) as Record<string, any>;
      const { pagamento } = body.transacao;
      pagamento.meio_pagamento = method;
      // Valid for its method before the changes: card data only where the merchant sends it, a due date for boletos.
      const fields = method === 'acquirerB_ws' ? CARD_ONLY : method.startsWith('boleto') ? BOLETO_ONLY : REDIRECT_ONLY;
      for (const field of fields) delete pagamento[field];
      for (const [path, value] of changes) {
        let node: any = body;
        for (const key of path.slice(0, -1)) node = node && typeof node === 'object' ? node[key] : undefined;
        if (node && typeof node === 'object') node[path.at(-1) as string] = value;
      }
      return JSON.stringify(body);
    });
}

const methodArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 2, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') },
  { weight: 1, arbitrary: fc.constantFrom('FOO', 'PROPFIND', 'TRACE') },
);

const segment = (context: FuzzContext) =>
  fc.oneof(
    fc.constantFrom(...context.transactionIds.map(String)),
    fc.nat().map(String),
    nasty.map((text) => percentEncoded(text).slice(0, 300)),
    // Written raw: malformed escapes and dot segments as they would arrive on the wire.
    fc.constantFrom('%', '%E0%A4%A', '%00', '%FF%FE', '..', '%2e%2e', '%2F', '.', 'a%2Fb'),
  );

/** Every byte of the UTF-8 form percent-encoded (a lone surrogate becomes U+FFFD, as it would on the wire). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

const query = (names: string[], context: FuzzContext) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...names),
        fc.oneof(fc.constant(context.token), fc.constantFrom(...context.transactionIds.map(String)), nasty),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=latin1',
  ';;;',
  'a/b/c',
);

const extraHeaders = fc.record(
  {
    range: fc.constantFrom('bytes=0-20', 'bytes=5-', 'bytes=-1', 'bytes=99999-', 'chars=1-2'),
    'idempotency-key': fc.oneof(fc.uuid(), fc.string({ unit: 'binary-ascii', maxLength: 300 })),
    cookie: fc.constantFrom('a=b;;; c="d', 'gw_admin_session=forged.value', '=', 'x'.repeat(5000)),
    accept: fc.constantFrom('text/html', 'application/xml', '*/*'),
  },
  { requiredKeys: [] },
);

const headerSafe = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      // Node refuses to send control characters in headers: they are not what this fuzzer is after.
      .map(([name, value]) => [name, value.replace(/[^\x20-\x7e]/g, '?')]),
  );

/** The gateway's JSON API: create, capture, refund, consult, list, webhooks, and paths next to them. */
export function apiRequests(context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const paths = fc.oneof(
    fc.constantFrom('/v1/transacao', '/v1/transacao/', '/v1/webhooks', '/v1', '/v1/'),
    segment(context).map((id) => `/v1/transacao/${id}`),
    fc
      .tuple(segment(context), fc.constantFrom('capturar', 'estornar', 'nada', ''))
      .map(([id, op]) => `/v1/transacao/${id}/${op}`),
    segment(context).map((id) => `/v1/webhooks/${id}`),
    segment(context).map((id) => `/v1/${id}`),
  );
  const bodies = fc.oneof(
    { weight: 4, arbitrary: createBody(context) },
    { weight: 2, arbitrary: fc.record({ token: fc.oneof(fc.constant(context.token), anyJson) }).map((b) => JSON.stringify(b)) },
    {
      weight: 1,
      arbitrary: fc.record({ token: fc.constant(context.token), url: nasty }).map((b) => JSON.stringify(b)),
    },
    { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: nasty },
  );
  const listQuery = query(['token', 'status', 'limite', 'cursor', 'desde', 'ate', 'numero_pedido', 'meio_pagamento'], context);
  const tokenQuery = listQuery.map((search) => `${search ? `${search}&` : '?'}token=${context.token}`);
  const id = segment(context);
  const tokenBody = fc
    .oneof(fc.constant({ token: context.token }), fc.record({ token: fc.constant(context.token), capturar: anyJson }))
    .map((body) => JSON.stringify(body));
  // Most requests use the method each endpoint takes, so that they get past routing into validation and the use cases.
  const aimed = fc.oneof(
    fc.record({
      method: fc.constant('POST'),
      path: fc.constantFrom('/v1/transacao', '/v1/transacao/'),
      search: fc.constant(''),
      body: bodies,
    }),
    fc.record({
      method: fc.constant('GET'),
      path: id.map((i) => `/v1/transacao/${i}`),
      search: tokenQuery,
      body: fc.constant(undefined),
    }),
    fc.record({
      method: fc.constant('POST'),
      path: fc.tuple(id, fc.constantFrom('capturar', 'estornar')).map(([i, op]) => `/v1/transacao/${i}/${op}`),
      search: fc.constant(''),
      body: fc.oneof(tokenBody, bodies),
    }),
    fc.record({
      method: fc.constant('GET'),
      path: fc.constantFrom('/v1/transacao', '/v1/webhooks'),
      search: tokenQuery,
      body: fc.constant(undefined),
    }),
    fc.record({ method: fc.constant('POST'), path: fc.constant('/v1/webhooks'), search: fc.constant(''), body: bodies }),
    fc.record({
      method: fc.constant('DELETE'),
      path: id.map((i) => `/v1/webhooks/${i}`),
      search: tokenQuery,
      body: fc.constant(undefined),
    }),
  );
  const anywhere = fc.record({ method: methodArb, path: paths, search: listQuery, body: fc.option(bodies, { nil: undefined }) });
  return fc
    .record({
      request: fc.oneof({ weight: 3, arbitrary: aimed }, { weight: 1, arbitrary: anywhere }),
      contentType,
      extra: extraHeaders,
    })
    .map(({ request: { method, path, search, body }, contentType: type, extra }) =>
      finish(method, `${path}${search}`, { 'content-type': type, ...extra }, body),
    );
}

/** The hosted payment pages and boleto slips: GET, and form posts with and without a real CSRF token. */
export function pageRequests(context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const page = fc.oneof(
    fc.constantFrom(...context.pageUuids.map(({ path, uuid }) => `${path}/${uuid}`)),
    fc
      .tuple(
        fc.constantFrom('/v1/acquirerA', '/v1/acquirerB_web', '/v1/bankA_shopline', '/v1/boleto'),
        fc.oneof(fc.uuid(), nasty),
      )
      .map(([path, id]) => `${path}/${percentEncoded(id).slice(0, 300)}`),
  );
  const form = fc.dictionary(
    fc.constantFrom(
      'csrf',
      'etapa',
      'forma',
      'codigo',
      'autenticacao',
      'cartao_numero',
      'cartao_cvv',
      'cartao_validade',
      'bandeira',
    ),
    fc.oneof(fc.constantFrom('pagamento', 'escolha', 'autenticacao', 'credito', 'debito', 'visa'), nasty),
    { maxKeys: 6 },
  );
  return fc
    .record({
      method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('GET', 'POST') }, { weight: 1, arbitrary: methodArb }),
      path: page,
      form,
      extra: extraHeaders,
    })
    .map(({ method, path, form: fields, extra }) =>
      finish(
        method,
        path,
        { 'content-type': 'application/x-www-form-urlencoded', ...extra },
        new URLSearchParams(fields).toString(),
      ),
    );
}

/** The admin UI: sign-in, every page with odd queries, and actions with and without the session's CSRF token. */
export function adminRequests(context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const session = fc.boolean();
  const paths = fc.oneof(
    fc.constantFrom(
      '/v1/admin',
      '/v1/admin/login',
      '/v1/admin/logout',
      '/v1/admin/transactions',
      '/v1/admin/transactions.csv',
      '/v1/admin/activity',
      '/v1/admin/settings',
      '/v1/admin/deliveries',
    ),
    segment(context).map((id) => `/v1/admin/transactions/${id}`),
    fc
      .tuple(segment(context), fc.constantFrom('capture', 'refund', 'nada', '%2e%2e'))
      .map(([id, action]) => `/v1/admin/transactions/${id}/${action}`),
    segment(context).map((id) => `/v1/admin/${id}`),
  );
  const form = fc.dictionary(
    fc.constantFrom('_csrf', 'email', 'password', 'next', 'action', 'url', 'id', 'delivery'),
    fc.oneof(fc.constantFrom(context.admin.email, context.admin.password, 'add', 'remove', '/v1/admin'), nasty),
    { maxKeys: 5 },
  );
  return fc
    .record({
      method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('GET', 'POST') }, { weight: 1, arbitrary: methodArb }),
      path: paths,
      query: query(['status', 'method', 'order', 'id', 'buyer', 'min', 'max', 'from', 'to', 'cursor', 'next', 'result'], context),
      form,
      withSession: session,
      withCsrf: fc.boolean(),
      extra: extraHeaders,
    })
    .map(({ method, path, query: search, form: fields, withSession, withCsrf, extra }) => {
      // A real logout would end the fuzzer's session for every request after it.
      const values = withCsrf && !path.startsWith('/v1/admin/logout') ? { ...fields, _csrf: context.admin.csrf } : fields;
      const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        ...extra,
        ...(withSession ? { cookie: context.admin.cookie } : {}),
      };
      return finish(method, `${path}${search}`, headers, new URLSearchParams(values).toString());
    });
}

function finish(method: string, target: string, headers: Record<string, string | undefined>, body?: string): FuzzRequest {
  const sent = method === 'GET' || method === 'HEAD' ? undefined : body;
  const text = `${decodeSafely(target)}\n${sent ?? ''}`;
  const cards = CARDS.filter((card) => text.replace(/[ -]/g, '').includes(card));
  return { method, target, headers: headerSafe(headers), body: sent, cards };
}

function decodeSafely(target: string): string {
  try {
    return decodeURIComponent(target.replaceAll('+', ' '));
  } catch {
    return target;
  }
}
