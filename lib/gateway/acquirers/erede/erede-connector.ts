import type { AuthorizationOutcome, CardPayment, SettlementOutcome, SettlementRequest } from '../acquirer';
import { AcquirerAnsweredError, AcquirerConnectionError, type AcquirerConnector } from '../connection/acquirer-connector';
import type { ERedeSecret } from '../connection/acquirer-secret';
import { type AcquirerAnswer, type AcquirerHttpOptions, callAcquirer } from '../http/acquirer-http';
import { EREDE_APPROVED, EREDE_REFUNDED, type ERedeTransaction, eredeOutcome } from './erede-outcomes';
import { ERedeTokenSource } from './erede-token-source';

/** A decision comes as 2xx, or 402 for a refusal; 400/422 say the request itself was refused. */
const DECISION_STATUSES = new Set([200, 201, 202, 402]);

/**
 * acquirerB on e.Rede: transactions under the transaction id (`reference`), capture, refunds and queries by tid, a
 * query by reference; bearer tokens from the connection's OAuth2 client credentials, refreshed once on a 401.
 */
export class ERedeConnector implements AcquirerConnector {
  private readonly tokens: ERedeTokenSource;

  constructor(
    private readonly secret: ERedeSecret,
    private readonly http: AcquirerHttpOptions,
    private readonly connectionName: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.tokens = new ERedeTokenSource(secret, http, connectionName, () => now().getTime());
  }

  async authorize(payment: CardPayment): Promise<AuthorizationOutcome> {
    const answer = await this.call('authorize', 'POST', '/v1/transactions', transactionOf(payment));
    if (!DECISION_STATUSES.has(answer.status) || !isRecord(answer.body) || typeof answer.body.returnCode !== 'string') {
      throw this.unexpected(answer);
    }
    const capture = payment.operationType === 'debito' || payment.capture;
    return eredeOutcome(answer.body as ERedeTransaction, capture, this.now().toISOString());
  }

  async capture(request: SettlementRequest): Promise<SettlementOutcome> {
    const answer = await this.call('capture', 'PUT', `/v1/transactions/${tidOf(request)}`, { amount: request.amountCents });
    return this.settled(answer, request, (code) => code === EREDE_APPROVED, 'capture_refused');
  }

  async refund(request: SettlementRequest): Promise<SettlementOutcome> {
    const answer = await this.call('refund', 'POST', `/v1/transactions/${tidOf(request)}/refunds`, {
      amount: request.amountCents,
    });
    return this.settled(answer, request, (code) => EREDE_REFUNDED.has(code), 'declined');
  }

  async findByReference(transactionId: number): Promise<AuthorizationOutcome | undefined> {
    const answer = await this.call(
      'query-by-reference',
      'GET',
      `/v1/transactions?reference=${encodeURIComponent(String(transactionId))}`,
    );
    if (answer.status === 404) return undefined;
    const found = this.queried(answer);
    const authorization = found.authorization;
    if (authorization.status === 'Pending') throw new AcquirerAnsweredError(answer.status);
    const outcome = eredeOutcome(
      {
        ...authorization,
        returnCode: authorization.status === 'Denied' ? (authorization.returnCode ?? 'denied') : EREDE_APPROVED,
      },
      found.capturedCents > 0,
      this.now().toISOString(),
    );
    return outcome;
  }

  async amountsOf(reference: SettlementRequest['reference']): Promise<{ capturedCents: number; refundedCents: number }> {
    const found = this.queried(await this.call('query', 'GET', `/v1/transactions/${encodeURIComponent(reference.tid)}`));
    return { capturedCents: found.capturedCents, refundedCents: found.refundedCents };
  }

  /** A query's answer: the authorization, what was captured and what was refunded (refunds not denied). */
  private queried(answer: AcquirerAnswer): { authorization: ERedeTransaction; capturedCents: number; refundedCents: number } {
    if (answer.status !== 200 || !isRecord(answer.body) || !isRecord(answer.body.authorization)) throw this.unexpected(answer);
    const body = answer.body;
    const capture = isRecord(body.capture) ? body.capture : undefined;
    const refunds = Array.isArray(body.refunds) ? body.refunds.filter(isRecord) : [];
    return {
      authorization: body.authorization as ERedeTransaction,
      capturedCents: typeof capture?.amount === 'number' ? capture.amount : 0,
      refundedCents: refunds
        .filter((refund) => refund.status !== 'Denied')
        .reduce((sum, refund) => sum + Number(refund.amount ?? 0), 0),
    };
  }

  private settled(
    answer: AcquirerAnswer,
    request: SettlementRequest,
    success: (code: string) => boolean,
    refusal: 'capture_refused' | 'declined',
  ): SettlementOutcome {
    if (answer.status === 401 || answer.status >= 500 || !isRecord(answer.body) || typeof answer.body.returnCode !== 'string') {
      throw this.unexpected(answer);
    }
    const body = answer.body as ERedeTransaction;
    const at = this.now().toISOString();
    const reference = {
      ...request.reference,
      returnCode: body.returnCode ?? '',
      at,
      ...(body.returnMessage ? { returnMessage: body.returnMessage } : {}),
    };
    return success(body.returnCode ?? '') ? { ok: true, reference } : { ok: false, reason: refusal, reference };
  }

  /** One API call with the connection's token; a 401 drops the token and the call is made once more with a new one. */
  private async call(operation: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<AcquirerAnswer> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.tokens.token();
      const answer = await callAcquirer(this.http, {
        acquirer: 'erede',
        operation,
        method,
        url: `${this.secret.apiUrl}${path}`,
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      if (answer.status !== 401 || attempt > 1) return answer;
      this.tokens.invalidate(token);
    }
  }

  private unexpected(answer: AcquirerAnswer): Error {
    if (answer.status === 401 || answer.status === 403) {
      return new AcquirerConnectionError(
        `e.Rede recusou as credenciais da conexão ${this.connectionName} (HTTP ${answer.status})`,
      );
    }
    if (answer.status === 400 || answer.status === 422) {
      const body = isRecord(answer.body) ? answer.body : {};
      const detail = typeof body.returnCode === 'string' ? ` (${body.returnCode}: ${String(body.returnMessage ?? '')})` : '';
      return new AcquirerConnectionError(`e.Rede recusou a requisição da conexão ${this.connectionName}${detail}`);
    }
    return new AcquirerAnsweredError(answer.status);
  }
}

/** The transaction e.Rede is asked for: card data only here, for the duration of the call. */
function transactionOf(payment: CardPayment): unknown {
  const debit = payment.operationType === 'debito';
  return {
    capture: debit ? true : payment.capture,
    kind: debit ? 'debit' : 'credit',
    reference: String(payment.transactionId),
    amount: payment.amountCents,
    ...(debit ? {} : { installments: payment.installments }),
    cardholderName: (payment.holder ?? 'NAO INFORMADO').slice(0, 30),
    cardNumber: payment.card.number,
    expirationMonth: Number(payment.card.expiry.slice(0, 2)),
    expirationYear: Number(payment.card.expiry.slice(2)),
    securityCode: payment.card.cvv,
  };
}

function tidOf(request: SettlementRequest): string {
  if (!request.reference.tid) throw new AcquirerConnectionError('a transação não tem o tid da e.Rede');
  return encodeURIComponent(request.reference.tid);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
