import { randomUUID } from 'node:crypto';
import type { CardBrand } from '../../domain/card';
import type { AuthorizationOutcome, CardPayment, SettlementOutcome, SettlementRequest } from '../acquirer';
import { AcquirerAnsweredError, AcquirerConnectionError, type AcquirerConnector } from '../connection/acquirer-connector';
import type { CieloSecret } from '../connection/acquirer-secret';
import { type AcquirerAnswer, type AcquirerHttpOptions, callAcquirer } from '../http/acquirer-http';
import { type CieloPayment, cieloOutcome, cieloReference } from './cielo-outcomes';

/** Cielo's names of the brands the gateway accepts. */
const BRANDS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Master',
  elo: 'Elo',
  diners: 'Diners',
  discover: 'Discover',
};

/** ReturnCodes of a successful capture or void (Cielo answers "6" to captures, "9"/"0" to voids). */
const SETTLED_RETURN_CODES = new Set(['0', '00', '6', '9']);

/**
 * acquirerA on Cielo's API E-commerce 3.0: sales under the transaction id (MerchantOrderId), capture and void by
 * PaymentId, queries on the separate query host. Every call carries the merchant's MerchantId/MerchantKey and a fresh
 * RequestId (logged, so a call can be traced at Cielo).
 */
export class CieloConnector implements AcquirerConnector {
  constructor(
    private readonly secret: CieloSecret,
    private readonly http: AcquirerHttpOptions,
    private readonly connectionName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async authorize(payment: CardPayment): Promise<AuthorizationOutcome> {
    const answer = await this.call('authorize', 'POST', `${this.secret.apiUrl}/1/sales/`, saleOf(payment));
    if (answer.status === 201 || answer.status === 200) {
      const outcome = cieloOutcome(paymentOf(answer.body), this.now().toISOString());
      if (outcome) return outcome;
    }
    throw this.unexpected(answer);
  }

  async capture(request: SettlementRequest): Promise<SettlementOutcome> {
    const path = `/1/sales/${encodeURIComponent(paymentIdOf(request))}/capture?amount=${request.amountCents}`;
    const answer = await this.call('capture', 'PUT', `${this.secret.apiUrl}${path}`);
    return this.settled(answer, request, 'capture_refused');
  }

  async refund(request: SettlementRequest): Promise<SettlementOutcome> {
    const path = `/1/sales/${encodeURIComponent(paymentIdOf(request))}/void?amount=${request.amountCents}`;
    const answer = await this.call('void', 'PUT', `${this.secret.apiUrl}${path}`);
    return this.settled(answer, request, 'declined');
  }

  async findByReference(transactionId: number): Promise<AuthorizationOutcome | undefined> {
    const list = await this.call(
      'query-by-order',
      'GET',
      `${this.secret.queryUrl}/1/sales?merchantOrderId=${encodeURIComponent(String(transactionId))}`,
    );
    if (list.status === 404) return undefined;
    if (list.status !== 200) throw this.unexpected(list);
    const payments = (isRecord(list.body) && Array.isArray(list.body.Payments) ? list.body.Payments : []) as CieloPayment[];
    const outcomes: AuthorizationOutcome[] = [];
    for (const { PaymentId } of payments) {
      if (!PaymentId) continue;
      const outcome = cieloOutcome(await this.sale(PaymentId), this.now().toISOString());
      if (!outcome) throw new AcquirerAnsweredError(200); // still being processed: no decision yet
      outcomes.push(outcome);
    }
    // One sale per order is the rule; if an older attempt exists too, an approved one is what the buyer paid.
    return outcomes.find((outcome) => outcome.approved) ?? outcomes.at(-1);
  }

  async amountsOf(reference: SettlementRequest['reference']): Promise<{ capturedCents: number; refundedCents: number }> {
    const sale = await this.sale(reference.paymentId ?? '');
    return { capturedCents: sale.CapturedAmount ?? 0, refundedCents: sale.VoidedAmount ?? 0 };
  }

  private async sale(paymentId: string): Promise<CieloPayment> {
    const answer = await this.call('query', 'GET', `${this.secret.queryUrl}/1/sales/${encodeURIComponent(paymentId)}`);
    if (answer.status !== 200) throw this.unexpected(answer);
    return paymentOf(answer.body);
  }

  private settled(
    answer: AcquirerAnswer,
    request: SettlementRequest,
    refusal: 'capture_refused' | 'declined',
  ): SettlementOutcome {
    const at = this.now().toISOString();
    if (answer.status === 200) {
      const body = (isRecord(answer.body) ? answer.body : {}) as CieloPayment;
      const reference = { ...request.reference, ...definedOf(cieloReference(body, at)), at };
      if (SETTLED_RETURN_CODES.has(body.ReturnCode ?? '')) return { ok: true, reference };
      return { ok: false, reason: refusal, reference };
    }
    // 400 with Cielo's error list: the sale is not in a state that allows it (308: not available to capture, 309: void).
    if (answer.status === 400) {
      const [first] = errorsOf(answer.body);
      const returnCode = first ? String(first.Code) : '400';
      return {
        ok: false,
        reason: refusal,
        reference: { ...request.reference, returnCode, returnMessage: first?.Message ?? '', at },
      };
    }
    throw this.unexpected(answer);
  }

  private call(operation: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<AcquirerAnswer> {
    const requestId = randomUUID();
    return callAcquirer(this.http, {
      acquirer: 'cielo',
      operation,
      method,
      url,
      requestId,
      body,
      headers: { MerchantId: this.secret.merchantId, MerchantKey: this.secret.merchantKey, RequestId: requestId },
    });
  }

  /** A 401/403 is the connection's credentials; a 5xx or anything unreadable leaves the outcome unknown. */
  private unexpected(answer: AcquirerAnswer): Error {
    if (answer.status === 401 || answer.status === 403) {
      return new AcquirerConnectionError(
        `Cielo recusou as credenciais da conexão ${this.connectionName} (HTTP ${answer.status})`,
      );
    }
    if (answer.status === 400) {
      const [first] = errorsOf(answer.body);
      return new AcquirerConnectionError(
        `Cielo recusou a requisição da conexão ${this.connectionName}${first ? ` (${first.Code}: ${first.Message})` : ''}`,
      );
    }
    return new AcquirerAnsweredError(answer.status);
  }
}

/** The sale Cielo is asked for: card data only here, for the duration of the call. */
function saleOf(payment: CardPayment): unknown {
  const debit = payment.operationType === 'debito';
  const card = {
    CardNumber: payment.card.number,
    Holder: (payment.holder ?? 'NAO INFORMADO').slice(0, 25),
    ExpirationDate: `${payment.card.expiry.slice(0, 2)}/${payment.card.expiry.slice(2)}`,
    SecurityCode: payment.card.cvv,
    Brand: BRANDS[payment.card.brand],
  };
  return {
    MerchantOrderId: String(payment.transactionId),
    Customer: { Name: (payment.holder ?? 'NAO INFORMADO').slice(0, 255) },
    Payment: {
      Type: debit ? 'DebitCard' : 'CreditCard',
      Amount: payment.amountCents,
      Installments: payment.installments,
      ...(debit
        ? { Authenticate: false }
        : { Interest: payment.operationType === 'parcelado_administradora' ? 'ByIssuer' : 'ByMerchant' }),
      Capture: debit ? true : payment.capture,
      [debit ? 'DebitCard' : 'CreditCard']: card,
    },
  };
}

function paymentIdOf(request: SettlementRequest): string {
  if (!request.reference.paymentId) throw new AcquirerConnectionError('a transação não tem o PaymentId da Cielo');
  return request.reference.paymentId;
}

function paymentOf(body: unknown): CieloPayment {
  return (isRecord(body) && isRecord(body.Payment) ? body.Payment : {}) as CieloPayment;
}

function errorsOf(body: unknown): { Code: unknown; Message: string }[] {
  return Array.isArray(body)
    ? body.filter(isRecord).map((item) => ({ Code: item.Code, Message: String(item.Message ?? '') }))
    : [];
}

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== '' && entry !== undefined && entry !== null),
  ) as Partial<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
