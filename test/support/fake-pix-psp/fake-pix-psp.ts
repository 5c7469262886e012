import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  CHAVE,
  COB_SOLICITADA,
  COBV_REVISADA,
  COBV_SOLICITADA,
  DEVOLUCAO_ID,
  DEVOLUCAO_SOLICITADA,
  END_TO_END_ID,
  TOKEN_REQUEST,
  TXID,
  WEBHOOK_SOLICITADO,
} from './pix-api-schemas';
import { sendProblem } from './problem';
import { type Cob, LedgerRefusal, type PixRecebido, PspLedger } from './psp-ledger';
import { schemaChecker, type Violacao } from './schema-checker';
import type { TestPki } from './test-pki';

export interface FakePixPspOptions {
  pki: TestPki;
  clientId: string;
  clientSecret: string;
  /** The PSP's ISPB, in the end-to-end ids it mints. */
  ispb?: string;
  tokenTtlSeconds?: number;
}

/** What a test sees of each request: never a body or a header, so nothing secret is kept. */
export interface RecordedRequest {
  method: string;
  route: string;
  status: number | 'hung' | 'answer-lost' | 'tls-refused';
}

export interface CallbackDelivery {
  url: string;
  body: { pix: PixRecebido[] };
  status: number | 'failed';
}

const SCOPES = ['cob.write', 'cob.read', 'cobv.write', 'cobv.read', 'pix.write', 'pix.read', 'webhook.write', 'webhook.read'];

const checks = {
  txid: schemaChecker(TXID, 'txid'),
  e2eid: schemaChecker(END_TO_END_ID, 'e2eid'),
  devolucaoId: schemaChecker(DEVOLUCAO_ID, 'id'),
  chave: schemaChecker(CHAVE, 'chave'),
  cob: schemaChecker(COB_SOLICITADA, 'cob'),
  cobv: schemaChecker(COBV_SOLICITADA, 'cobv'),
  cobvRevision: schemaChecker(COBV_REVISADA, 'cobv'),
  devolucao: schemaChecker(DEVOLUCAO_SOLICITADA, 'devolucao'),
  webhook: schemaChecker(WEBHOOK_SOLICITADO, 'webhook'),
  token: schemaChecker(TOKEN_REQUEST, 'token'),
};

/**
 * A local BCB API Pix PSP over HTTPS with mutual TLS, for the production connector's tests: OAuth2 client credentials,
 * `cob`, devolução and webhook endpoints with state, every request checked against schemas written from the BCB's
 * OpenAPI (400 + problem+json otherwise), the PSP's callback to the registered webhook, and fault knobs.
 */
export class FakePixPsp {
  readonly requests: RecordedRequest[] = [];
  readonly callbacks: CallbackDelivery[] = [];
  readonly ledger: PspLedger;
  tokenRequests = 0;
  private readonly tokens = new Map<string, { expiresAt: number; scopes: string[] }>();
  private failures: { remaining: number; status: number } = { remaining: 0, status: 503 };
  private hangs = 0;
  private lostAnswers = 0;
  private readonly hung: ServerResponse[] = [];
  private tokensExpire: 'never' | 'always' = 'never';

  private constructor(
    private readonly server: Server,
    private readonly options: FakePixPspOptions,
  ) {
    this.ledger = new PspLedger(options.ispb ?? '99999008', '127.0.0.1');
  }

  static async start(options: FakePixPspOptions): Promise<FakePixPsp> {
    const server = createServer({
      key: options.pki.server.privateKeyPem,
      cert: options.pki.server.certificatePem,
      ca: options.pki.caPem,
      requestCert: true,
      rejectUnauthorized: true,
    });
    const psp = new FakePixPsp(server, options);
    server.on('request', (request, response) => void psp.handle(request, response));
    server.on('tlsClientError', () => psp.requests.push({ method: '-', route: '-', status: 'tls-refused' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return psp;
  }

  get baseUrl(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next `count` API requests (not token requests) answer `status` (5xx) without being processed. */
  failNext(count: number, status = 503): void {
    this.failures = { remaining: count, status };
  }

  /** The next `count` API requests are read and never answered (a PSP that hangs). */
  hangNext(count: number): void {
    this.hangs = count;
  }

  /** The next `count` API requests are processed, but their answers never leave (a timeout after the PSP acted). */
  loseNextAnswers(count: number): void {
    this.lostAnswers = count;
  }

  /** Every token issued so far stops working now; with `always`, every token issued from now on too. */
  expireTokens(mode: 'issued' | 'always' = 'issued'): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
    this.tokensExpire = mode === 'always' ? 'always' : 'never';
  }

  /** Trust a CA that signed no client of ours: every new TLS handshake fails on the client's certificate. */
  refuseClientCertificates(refuse: boolean): void {
    const { pki } = this.options;
    this.server.setSecureContext({
      key: pki.server.privateKeyPem,
      cert: pki.server.certificatePem,
      ca: refuse ? pki.rogueCaPem : pki.caPem,
    });
    this.server.closeIdleConnections();
  }

  /**
   * The payer pays the charge (a cob, or a cobv: `valor` what was paid, its original amount by default): CONCLUIDA, and
   * the callback goes to the webhook registered for its key.
   */
  async pay(txid: string, valor?: string): Promise<{ pix: PixRecebido; callback?: CallbackDelivery }> {
    const { cob, pix } = this.ledger.pay(txid, valor);
    return { pix, callback: await this.notify(cob.chave, [pix]) };
  }

  /** The SPI settles a devolução (DEVOLVIDO or NAO_REALIZADO): the callback carries the Pix with its devoluções. */
  async settleDevolucao(
    e2eid: string,
    id: string,
    status: 'DEVOLVIDO' | 'NAO_REALIZADO' = 'DEVOLVIDO',
  ): Promise<CallbackDelivery | undefined> {
    const { pix } = this.ledger.settleDevolucao(e2eid, id, status);
    const cob = (this.ledger.cobs.get(pix.txid) ?? this.ledger.cobvs.get(pix.txid)) as Cob;
    return this.notify(cob.chave, [pix]);
  }

  /** The access tokens issued so far (for the tests that prove none of them reaches a log). */
  issuedTokens(): string[] {
    return [...this.tokens.keys()];
  }

  requestsTo(route: string): RecordedRequest[] {
    return this.requests.filter((recorded) => recorded.route === route);
  }

  async stop(): Promise<void> {
    for (const response of this.hung) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'https://fake');
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const method = request.method ?? 'GET';
    const route = routeOf(method, segments);
    const body = await readBody(request);
    const finish = () => this.requests.push({ method, route, status: response.statusCode });
    response.on('finish', finish);
    if (route === 'POST /oauth/token') return this.issueToken(request, body, response);
    const withheld = route !== 'unknown' && (this.hangs > 0 || this.lostAnswers > 0);
    if (withheld) {
      response.off('finish', finish);
      this.hung.push(response);
    }
    if (withheld && this.hangs > 0) {
      this.hangs--;
      this.requests.push({ method, route, status: 'hung' });
      return;
    }
    if (withheld) {
      this.lostAnswers--;
      this.requests.push({ method, route, status: 'answer-lost' });
    }
    // An answer to lose: the request is processed in full and what it writes goes nowhere.
    const answer: ServerResponse = withheld ? blackHole() : response;
    if (route !== 'unknown' && this.failures.remaining > 0) {
      this.failures.remaining--;
      return sendProblem(answer, this.failures.status, 'ServicoIndisponivel', 'Serviço temporariamente indisponível.');
    }
    if (route === 'unknown') return sendProblem(answer, 404, 'NaoEncontrado', 'Recurso não encontrado.');
    const scopeNeeded = requiredScope(route);
    const grant = this.bearerGrant(request);
    if (!grant) {
      return sendProblem(answer, 401, 'NaoAutorizado', 'Token de acesso ausente, inválido ou expirado.', undefined, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    if (!grant.scopes.includes(scopeNeeded)) return sendProblem(answer, 403, 'AcessoNegado', `Escopo ${scopeNeeded} ausente.`);
    try {
      this.dispatch(route, segments, body, request, answer);
    } catch (error) {
      if (!(error instanceof LedgerRefusal)) throw error;
      sendProblem(answer, 400, problemTypeOf(route), error.message);
    }
  }

  private dispatch(route: string, segments: string[], body: string, request: IncomingMessage, response: ServerResponse) {
    const type = problemTypeOf(route);
    const pathViolations = [
      ...(segments[0] === 'cob' || segments[0] === 'cobv' ? checks.txid(segments[1]) : []),
      ...(segments[0] === 'pix' ? [...checks.e2eid(segments[1]), ...checks.devolucaoId(segments[3])] : []),
      ...(segments[0] === 'webhook' ? checks.chave(segments[1]) : []),
    ];
    if (pathViolations.length) return sendProblem(response, 400, type, 'Parâmetro de caminho inválido.', pathViolations);
    let json: unknown;
    if (request.method === 'PUT' || request.method === 'PATCH') {
      const parsed = parseJsonBody(request, body);
      if ('violacoes' in parsed) return sendProblem(response, 400, type, 'O corpo não é um JSON válido.', parsed.violacoes);
      json = parsed.json;
      const check = BODY_CHECKS[route] ?? checks.webhook;
      const violacoes = check(json);
      if (violacoes.length) return sendProblem(response, 400, type, 'A requisição não respeita o schema.', violacoes);
    }
    const [, key, , id] = segments as [string, string, string?, string?];
    switch (route) {
      case 'PUT /cob/{txid}':
        return sendJson(response, 201, this.ledger.createCob(key, json as never));
      case 'GET /cob/{txid}': {
        const cob = this.ledger.cobs.get(key);
        return cob
          ? sendJson(response, 200, cob)
          : sendProblem(response, 404, 'NaoEncontrado', `Cobrança ${key} não encontrada.`);
      }
      case 'PUT /cobv/{txid}':
        return sendJson(response, 201, this.ledger.createCobv(key, json as never));
      case 'GET /cobv/{txid}':
      case 'PATCH /cobv/{txid}': {
        const cobv = route.startsWith('PATCH') ? this.ledger.reviseCobv(key, json as never) : this.ledger.cobvs.get(key);
        return cobv
          ? sendJson(response, 200, cobv)
          : sendProblem(response, 404, 'NaoEncontrado', `Cobrança com vencimento ${key} não encontrada.`);
      }
      case 'PUT /pix/{e2eid}/devolucao/{id}':
        if (!this.ledger.pixOf(key)) return sendProblem(response, 404, 'NaoEncontrado', `Pix ${key} não encontrado.`);
        return sendJson(response, 201, this.ledger.requestDevolucao(key, id!, json as never));
      case 'GET /pix/{e2eid}/devolucao/{id}': {
        const devolucao = this.ledger.pixOf(key)?.devolucoes?.find((candidate) => candidate.id === id);
        return devolucao
          ? sendJson(response, 200, devolucao)
          : sendProblem(response, 404, 'NaoEncontrado', 'Devolução não encontrada.');
      }
      case 'PUT /webhook/{chave}':
        this.ledger.webhooks.set(key, {
          webhookUrl: (json as { webhookUrl: string }).webhookUrl,
          chave: key,
          criacao: new Date().toISOString(),
        });
        return void response.writeHead(200).end();
      case 'GET /webhook/{chave}': {
        const webhook = this.ledger.webhooks.get(key);
        return webhook
          ? sendJson(response, 200, webhook)
          : sendProblem(response, 404, 'NaoEncontrado', 'Webhook não encontrado.');
      }
    }
  }

  /** RFC 6749 §4.4: client credentials by HTTP Basic (or in the form), a form body checked against its schema. */
  private issueToken(request: IncomingMessage, body: string, response: ServerResponse) {
    this.tokenRequests++;
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return sendOAuthError(response, 400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const form = Object.fromEntries(new URLSearchParams(body));
    const violacoes = checks.token(form);
    if (violacoes.length) return sendOAuthError(response, 400, 'invalid_request', violacoes.map((v) => v.propriedade).join(', '));
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? splitBasic(basic) : [form.client_id, form.client_secret];
    if (!sameText(id, this.options.clientId) || !sameText(secret, this.options.clientSecret)) {
      return sendOAuthError(response, 401, 'invalid_client', 'Client authentication failed');
    }
    const requested = form.scope ? form.scope.split(' ') : SCOPES;
    const unknown = requested.filter((scope) => !SCOPES.includes(scope));
    if (unknown.length) return sendOAuthError(response, 400, 'invalid_scope', `Unknown scope ${unknown.join(' ')}`);
    const ttl = this.options.tokenTtlSeconds ?? 3600;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { expiresAt: this.tokensExpire === 'always' ? 0 : Date.now() + ttl * 1000, scopes: requested });
    sendJson(response, 200, { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: requested.join(' ') });
  }

  private bearerGrant(request: IncomingMessage): { scopes: string[] } | undefined {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = token ? this.tokens.get(token) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant : undefined;
  }

  /** POST <webhookUrl>/pix, over mutual TLS: the PSP presents its certificate, and trusts the test CA. */
  private async notify(chave: string, pix: PixRecebido[]): Promise<CallbackDelivery | undefined> {
    const webhook = this.ledger.webhooks.get(chave);
    if (!webhook) return undefined;
    const url = `${webhook.webhookUrl.replace(/\/$/, '')}/pix`;
    const body = { pix: structuredClone(pix) };
    const { pki } = this.options;
    const status = await new Promise<number | 'failed'>((resolve) => {
      const outgoing = httpsRequest(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          cert: pki.server.certificatePem,
          key: pki.server.privateKeyPem,
          ca: pki.caPem,
          timeout: 5000,
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
        },
      );
      outgoing.on('error', () => resolve('failed'));
      outgoing.on('timeout', () => outgoing.destroy());
      outgoing.end(JSON.stringify(body));
    });
    const delivery = { url, body, status };
    this.callbacks.push(delivery);
    return delivery;
  }
}

/** Which schema a request body must respect, by route. */
const BODY_CHECKS: Record<string, (value: unknown) => Violacao[]> = {
  'PUT /cob/{txid}': checks.cob,
  'PUT /cobv/{txid}': checks.cobv,
  'PATCH /cobv/{txid}': checks.cobvRevision,
  'PUT /pix/{e2eid}/devolucao/{id}': checks.devolucao,
};

function routeOf(method: string, segments: string[]): string {
  const [first, , third, fourth] = segments;
  if (method === 'POST' && segments.length === 2 && first === 'oauth' && segments[1] === 'token') return 'POST /oauth/token';
  if (first === 'cob' && segments.length === 2 && (method === 'PUT' || method === 'GET')) return `${method} /cob/{txid}`;
  if (first === 'cobv' && segments.length === 2 && ['PUT', 'GET', 'PATCH'].includes(method)) return `${method} /cobv/{txid}`;
  if (
    first === 'pix' &&
    segments.length === 4 &&
    third === 'devolucao' &&
    fourth !== undefined &&
    (method === 'PUT' || method === 'GET')
  ) {
    return `${method} /pix/{e2eid}/devolucao/{id}`;
  }
  if (first === 'webhook' && segments.length === 2 && (method === 'PUT' || method === 'GET')) return `${method} /webhook/{chave}`;
  return 'unknown';
}

function requiredScope(route: string): string {
  const resource = route.includes('/cob/')
    ? 'cob'
    : route.includes('/cobv/')
      ? 'cobv'
      : route.includes('/pix/')
        ? 'pix'
        : 'webhook';
  return `${resource}.${route.startsWith('GET') ? 'read' : 'write'}`;
}

function problemTypeOf(route: string) {
  if (route.includes('/devolucao/')) return 'PixDevolucaoInvalida' as const;
  if (route.includes('/webhook/')) return 'WebhookOperacaoInvalida' as const;
  if (route.includes('/cobv/')) return 'CobVOperacaoInvalida' as const;
  return 'CobOperacaoInvalida' as const;
}

function parseJsonBody(request: IncomingMessage, body: string): { json: unknown } | { violacoes: Violacao[] } {
  if (!String(request.headers['content-type']).startsWith('application/json')) {
    return { violacoes: [{ razao: 'Content-Type deve ser application/json.', propriedade: 'Content-Type' }] };
  }
  try {
    return { json: JSON.parse(body) };
  } catch {
    return { violacoes: [{ razao: 'O corpo não é um JSON válido.', propriedade: 'body' }] };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A response whose writes go nowhere (the connection stays open until the fake stops). */
function blackHole(): ServerResponse {
  const sink = { writeHead: () => sink, end: () => sink, statusCode: 0 };
  return sink as unknown as ServerResponse;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function sendOAuthError(response: ServerResponse, status: number, error: string, description: string): void {
  sendJson(response, status, { error, error_description: description });
}

function splitBasic(encoded: string): [string | undefined, string | undefined] {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return [undefined, undefined];
  // RFC 6749 §2.3.1: both parts are form-urlencoded before the Basic encoding.
  return [
    decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
    decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
  ];
}

function sameText(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
