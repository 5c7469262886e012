import { isEndToEndId } from '../identifiers/end-to-end-id';
import { isTxid } from '../identifiers/txid';
import type { CobvTerms } from '../location/cobv-payload';
import { jsonOrUndefined } from './json-text';
import { MtlsTransport, TransportError, type TransportResponse } from './mtls-transport';
import { OAuthTokenSource, RetryableStatus } from './oauth-token-source';
import { type PspCob, type PspCobv, type PspDevolucao, validateCob, validateCobv, validateDevolucao } from './pix-api-schemas';
import type { PixPspConfig } from './psp-config';
import { PixPspError } from './psp-error';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy, sleep } from './retry-policy';

/** What the connector logs: the operation, the HTTP status or failure, the attempt and its duration. Nothing else. */
export interface PspLogger {
  info(message: string, attributes: Record<string, unknown>): void;
  warn(message: string, attributes: Record<string, unknown>): void;
}

export interface PixApiClientOptions {
  /** Per attempt (connect, TLS, answer). Default 5 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  logger?: PspLogger;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface NewCharge {
  /** Seconds. */
  expiracao: number;
  /** "12.34". */
  valor: string;
  solicitacaoPagador?: string;
}

/** A charge with a due date (`cobv`): the boleto híbrido's Pix, with its charges (CobVSolicitada without `chave`). */
export type NewDueCharge = CobvTerms & { solicitacaoPagador?: string };

const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
const MONEY = /^\d{1,10}\.\d{2}$/;
const REFUSED_CERTIFICATE = 'O PSP Pix recusou o certificado de cliente na conexão mTLS';
type HttpMethod = 'GET' | 'PUT' | 'PATCH';
const silent: PspLogger = { info: () => {}, warn: () => {} };

/**
 * The production Pix connector: the BCB API Pix that every Brazilian PSP implements, per merchant configuration.
 * OAuth2 client credentials over mutual TLS (token cached, refreshed once on a 401); 5xx, 429, timeouts and broken
 * connections retried with bounded backoff; then a PixPspError that says what failed and carries no secret. Every
 * call is a GET or a PUT under our own id, and a PUT the PSP refuses because the id exists is read back: the same
 * terms mean an earlier attempt got through, so a retry never charges or refunds twice.
 */
export class PixApiClient {
  private readonly transport: MtlsTransport;
  private readonly tokens: OAuthTokenSource;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly logger: PspLogger;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly config: PixPspConfig,
    options: PixApiClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.logger = options.logger ?? silent;
    this.sleep = options.sleep ?? sleep;
    this.transport = new MtlsTransport(
      {
        certificatePem: config.certificate.reveal(),
        privateKeyPem: config.privateKey.reveal(),
        ...(config.ca ? { caPem: config.ca.reveal() } : {}),
      },
      this.timeoutMs,
    );
    this.tokens = new OAuthTokenSource(config, this.transport, options.now);
  }

  /** PUT /cob/{txid}: an immediate charge on the merchant's key. */
  async createCharge(txid: string, charge: NewCharge): Promise<PspCob> {
    assert(isTxid(txid), 'txid');
    assert(MONEY.test(charge.valor), 'valor');
    assert(Number.isInteger(charge.expiracao) && charge.expiracao > 0, 'expiracao');
    const body = {
      calendario: { expiracao: charge.expiracao },
      valor: { original: charge.valor },
      chave: this.config.chave,
      ...(charge.solicitacaoPagador ? { solicitacaoPagador: charge.solicitacaoPagador } : {}),
    };
    const response = await this.call('PUT /cob/{txid}', 'PUT', `/cob/${txid}`, body);
    if (response.status === 400) {
      // Our txid is unguessable: a charge under it with our terms is the one an earlier attempt (or an earlier run of
      // the same use case) created before its answer was lost, and PSPs refuse a second PUT on a txid.
      const existing = await this.getCharge(txid).catch(() => undefined);
      const same =
        existing?.valor.original === charge.valor &&
        existing.chave === this.config.chave &&
        existing.calendario.expiracao === charge.expiracao;
      if (same) return existing;
    }
    return this.parse(response, validateCob, 'cob');
  }

  /** GET /cob/{txid}: the charge with the Pix that paid it, if any. */
  async getCharge(txid: string): Promise<PspCob> {
    assert(isTxid(txid), 'txid');
    return this.parse(await this.call('GET /cob/{txid}', 'GET', `/cob/${txid}`), validateCob, 'cob');
  }

  /** PUT /cobv/{txid}: a charge with a due date on the merchant's key; a lost answer is read back as createCharge does. */
  async createDueCharge(txid: string, charge: NewDueCharge): Promise<PspCobv> {
    assert(isTxid(txid), 'txid');
    assert(MONEY.test(charge.valor.original), 'valor');
    assert(/^\d{4}-\d{2}-\d{2}$/.test(charge.calendario.dataDeVencimento), 'dataDeVencimento');
    const body = { ...charge, chave: this.config.chave };
    const response = await this.call('PUT /cobv/{txid}', 'PUT', `/cobv/${txid}`, body);
    if (response.status === 400) {
      const existing = await this.getDueCharge(txid).catch(() => undefined);
      const same =
        existing?.valor.original === charge.valor.original &&
        existing.chave === this.config.chave &&
        existing.calendario.dataDeVencimento === charge.calendario.dataDeVencimento;
      if (same) return existing;
    }
    return this.parse(response, validateCobv, 'cobv');
  }

  /** GET /cobv/{txid}: the charge with the Pix that paid it, if any. */
  async getDueCharge(txid: string): Promise<PspCobv> {
    assert(isTxid(txid), 'txid');
    return this.parse(await this.call('GET /cobv/{txid}', 'GET', `/cobv/${txid}`), validateCobv, 'cobv');
  }

  /**
   * PATCH /cobv/{txid} `{"status": "REMOVIDA_PELO_USUARIO_RECEBEDOR"}`: no payer can pay it any more (the boleto was paid
   * or written off through the bank). PSPs refuse it (400) once the charge is CONCLUIDA.
   */
  async removeDueCharge(txid: string): Promise<PspCobv> {
    assert(isTxid(txid), 'txid');
    const body = { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' };
    return this.parse(await this.call('PATCH /cobv/{txid}', 'PATCH', `/cobv/${txid}`, body), validateCobv, 'cobv');
  }

  /** PUT /pix/{e2eid}/devolucao/{id}: a (partial) refund of a received Pix; `id` is ours, so a retry is the same refund. */
  async requestRefund(e2eid: string, id: string, refund: { valor: string; descricao?: string }): Promise<PspDevolucao> {
    assert(isEndToEndId(e2eid), 'e2eid');
    assert(DEVOLUCAO_ID.test(id), 'id');
    assert(MONEY.test(refund.valor), 'valor');
    const body = { valor: refund.valor, natureza: 'ORIGINAL', ...(refund.descricao ? { descricao: refund.descricao } : {}) };
    const response = await this.call('PUT /pix/{e2eid}/devolucao/{id}', 'PUT', `/pix/${e2eid}/devolucao/${id}`, body);
    if (response.status === 400) {
      // The same id with the same amount is the same devolução (see createCharge): never a second refund.
      const existing = await this.getRefund(e2eid, id).catch(() => undefined);
      if (existing?.valor === refund.valor) return existing;
    }
    return this.parse(response, validateDevolucao, 'devolucao');
  }

  /** GET /pix/{e2eid}/devolucao/{id}. */
  async getRefund(e2eid: string, id: string): Promise<PspDevolucao> {
    assert(isEndToEndId(e2eid), 'e2eid');
    assert(DEVOLUCAO_ID.test(id), 'id');
    const response = await this.call('GET /pix/{e2eid}/devolucao/{id}', 'GET', `/pix/${e2eid}/devolucao/${id}`);
    return this.parse(response, validateDevolucao, 'devolucao');
  }

  /** PUT /webhook/{chave}: where the PSP POSTs `<webhookUrl>/pix` for the merchant's key. */
  async configureWebhook(webhookUrl: string): Promise<void> {
    assert(/^https:\/\/\S+$/.test(webhookUrl), 'webhookUrl');
    const path = `/webhook/${encodeURIComponent(this.config.chave)}`;
    const response = await this.call('PUT /webhook/{chave}', 'PUT', path, { webhookUrl });
    if (response.status !== 200 && response.status !== 201 && response.status !== 204) throw this.refusal(response);
  }

  /** Closes the kept-alive connections (tests; a Lambda container simply freezes). */
  close(): void {
    this.transport.close();
  }

  private async call(operation: string, method: HttpMethod, path: string, body?: unknown): Promise<TransportResponse> {
    let refreshed = false;
    let last: { failure: 'unavailable' | 'timeout'; status?: number } = { failure: 'unavailable' };
    let resetsAfterHandshake = 0;
    for (let attempt = 1; attempt <= this.policy.maxAttempts; attempt++) {
      const started = Date.now();
      try {
        const token = await this.tokens.token();
        let response = await this.send(method, path, body, token);
        if (response.status === 401 && !refreshed) {
          refreshed = true; // the PSP expired or revoked the token early: one new token, once per call
          this.tokens.invalidate(token);
          this.logger.info('Pix PSP token refused; refreshing once', { operation, attempt });
          response = await this.send(method, path, body, await this.tokens.token());
        }
        this.logger.info('Pix PSP call', { operation, attempt, status: response.status, durationMs: Date.now() - started });
        if (response.status === 401) {
          throw new PixPspError('authentication', 'O PSP Pix recusou o token de acesso, mesmo renovado', { status: 401 });
        }
        if (response.status < 500 && response.status !== 429) return response;
        last = { failure: 'unavailable', status: response.status };
      } catch (error) {
        last = this.retryableOrThrow(error, operation, attempt, started);
        if (error instanceof TransportError && error.failure === 'reset-after-handshake') resetsAfterHandshake++;
      }
      if (attempt < this.policy.maxAttempts) await this.sleep(backoffDelay(this.policy, attempt));
    }
    const attempts = this.policy.maxAttempts;
    const error =
      resetsAfterHandshake === attempts
        ? new PixPspError('certificate', REFUSED_CERTIFICATE, { attempts })
        : last.failure === 'timeout'
          ? new PixPspError('timeout', `O PSP Pix não respondeu em ${this.timeoutMs} ms (${attempts} tentativas)`, { attempts })
          : new PixPspError(
              'unavailable',
              `O PSP Pix está indisponível (${last.status ? `HTTP ${last.status}` : 'conexão interrompida'} em ${attempts} tentativas)`,
              { attempts, ...(last.status ? { status: last.status } : {}) },
            );
    this.logger.warn('Pix PSP call failed', { operation, failure: error.failure, attempts });
    throw error;
  }

  /** Timeouts, broken connections and 5xx/429 on the token request are retried; everything else ends the call. */
  private retryableOrThrow(error: unknown, operation: string, attempt: number, started: number) {
    const durationMs = Date.now() - started;
    if (error instanceof RetryableStatus) {
      this.logger.info('Pix PSP token call', { operation, attempt, status: error.status, durationMs });
      return { failure: 'unavailable' as const, status: error.status };
    }
    if (!(error instanceof TransportError)) throw error;
    this.logger.info('Pix PSP call', { operation, attempt, failure: error.failure, code: error.code, durationMs });
    if (error.failure === 'certificate') {
      const failure = new PixPspError(
        'certificate',
        error.side === 'theirs' ? 'O certificado apresentado pelo PSP Pix não é confiável (TLS)' : REFUSED_CERTIFICATE,
      );
      this.logger.warn('Pix PSP call failed', { operation, failure: failure.failure, code: error.code });
      throw failure;
    }
    return { failure: error.failure === 'timeout' ? ('timeout' as const) : ('unavailable' as const) };
  }

  private send(method: HttpMethod, path: string, body: unknown, token: string): Promise<TransportResponse> {
    return this.transport.send({
      method,
      url: `${this.config.baseUrl}${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private parse<T>(
    response: TransportResponse,
    validate: ((value: unknown) => value is T) & { errors?: unknown },
    what: string,
  ): T {
    if (response.status !== 200 && response.status !== 201) throw this.refusal(response);
    const json = jsonOrUndefined(response.body);
    if (json === undefined)
      throw new PixPspError('protocol', `O PSP Pix respondeu ${what} sem JSON válido`, { status: response.status });
    if (!validate(json))
      throw new PixPspError('protocol', `O PSP Pix respondeu ${what} fora do formato da API Pix`, { status: response.status });
    return json;
  }

  /** A non-retryable answer: the problem+json's title and the names of the violated properties, nothing echoed back. */
  private refusal(response: TransportResponse): PixPspError {
    const problem = problemOf(response.body);
    const title = problem.title ? `: ${problem.title}` : '';
    const details = { status: response.status, ...(problem.violacoes.length ? { violacoes: problem.violacoes } : {}) };
    if (response.status === 404) return new PixPspError('not_found', `Recurso não encontrado no PSP Pix${title}`, details);
    if (response.status === 403) return new PixPspError('authentication', `O PSP Pix negou o acesso${title}`, details);
    if (response.status === 400 || response.status === 422) {
      const fields = problem.violacoes.map((violacao) => violacao.propriedade).join(', ');
      return new PixPspError('rejected', `O PSP Pix recusou a requisição${title}${fields ? ` (${fields})` : ''}`, details);
    }
    return new PixPspError('protocol', `Resposta inesperada do PSP Pix (HTTP ${response.status})`, details);
  }
}

function problemOf(body: string): { title?: string; violacoes: { razao: string; propriedade: string }[] } {
  const problem = (jsonOrUndefined(body) ?? {}) as { title?: unknown; violacoes?: unknown };
  const violacoes = Array.isArray(problem.violacoes)
    ? problem.violacoes
        .filter(
          (violacao): violacao is { razao: unknown; propriedade: unknown } => typeof violacao === 'object' && violacao !== null,
        )
        .map((violacao) => ({
          razao: String(violacao.razao ?? '').slice(0, 200),
          propriedade: String(violacao.propriedade ?? '').slice(0, 100),
        }))
    : [];
  return { ...(typeof problem.title === 'string' ? { title: problem.title.slice(0, 200) } : {}), violacoes };
}

function assert(condition: boolean, field: string): void {
  if (!condition) throw new RangeError(`Pix PSP request: invalid ${field}`);
}
