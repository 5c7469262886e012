import type {
  Acquirer,
  AuthorizationOutcome,
  CardPayment,
  ReconcilingAcquirer,
  SettlementOutcome,
  SettlementRequest,
} from '../acquirer';
import { AcquirerUnavailableError } from '../acquirer';
import type { AcquirerLogger } from '../http/acquirer-http';
import { AcquirerTransportError } from '../http/acquirer-http';
import { AcquirerAnsweredError, AcquirerConnectionError } from './acquirer-connector';
import type { AcquirerSlot } from './acquirer-secret';
import {
  AcquirerConnectionUnusableError,
  type MerchantAcquirerConnection,
  type MerchantAcquirerConnections,
} from './merchant-acquirer-connections';

/**
 * The acquirer port with merchants' own connections (DESIGN §7.7): a merchant with a connection for the transaction's
 * acquirer goes through it, on either stage; any other through `fallback` (the sandbox's simulator; on production,
 * the connector that answers 503 008).
 *
 * Never twice, never unknown: an authorization, capture or refund left without a readable answer (timeout, dropped
 * connection, 5xx) is followed by a query before anything is decided. An authorization the acquirer cannot be asked
 * about is an AcquirerUnavailableError with `outcomeUnknown`: the transaction is kept pending and its next consult asks.
 */
export class ConnectedAcquirer implements Acquirer, ReconcilingAcquirer {
  constructor(
    private readonly connections: Pick<MerchantAcquirerConnections, 'connectionOf'>,
    private readonly fallback: Acquirer,
    private readonly logger: AcquirerLogger,
  ) {}

  async authorize(payment: CardPayment): Promise<AuthorizationOutcome> {
    const connection = await this.connectionFor(payment);
    if (!connection) return this.fallback.authorize(payment);
    const { connector } = connection;
    if (payment.mayHaveBeenAttempted) {
      const earlier = await this.ask(connection, () => connector.findByReference(payment.transactionId), true);
      if (earlier) return earlier;
    }
    try {
      return await connector.authorize(payment);
    } catch (error) {
      if (!isUnanswered(error)) throw this.unavailable(connection, error, false);
      this.logger.warn('acquirer authorization unanswered: asking by order reference', {
        transactionId: payment.transactionId,
        failure: failureOf(error),
      });
      const found = await this.ask(connection, () => connector.findByReference(payment.transactionId), true);
      if (found) return found;
      throw new AcquirerUnavailableError(
        `A adquirente (conexão ${connection.name}) não respondeu e não tem venda para este pedido: a transação fica pendente e a próxima consulta a reconcilia`,
        true,
      );
    }
  }

  /** A capture left unanswered counts as done when the sale shows a capture. */
  capture(request: SettlementRequest): Promise<SettlementOutcome> {
    return this.settle(request, 'capture', (amounts) => amounts.capturedCents > 0);
  }

  /** A refund left unanswered counts as done when the sale's refunds reach what was refunded before plus this one. */
  refund(request: SettlementRequest): Promise<SettlementOutcome> {
    const expected = (request.refundedBeforeCents ?? 0) + request.amountCents;
    return this.settle(request, 'refund', (amounts) => amounts.refundedCents >= expected);
  }

  private async settle(
    request: SettlementRequest,
    operation: 'capture' | 'refund',
    done: (amounts: { capturedCents: number; refundedCents: number }) => boolean,
  ): Promise<SettlementOutcome> {
    const connection = await this.connectionFor(request);
    if (!connection) return this.fallback[operation](request);
    try {
      return await connection.connector[operation](request);
    } catch (error) {
      if (!isUnanswered(error)) throw this.unavailable(connection, error, false);
      const amounts = await this.ask(connection, () => connection.connector.amountsOf(request.reference), false);
      if (done(amounts)) return { ok: true, reference: { ...request.reference, at: new Date().toISOString() } };
      throw this.unavailable(connection, error, false);
    }
  }

  async connects(payment: Pick<CardPayment, 'processor' | 'merchantId'>): Promise<boolean> {
    return (await this.connectionFor(payment)) !== undefined;
  }

  async findAuthorization(payment: Pick<CardPayment, 'processor' | 'merchantId' | 'transactionId'>) {
    const connection = await this.connectionFor(payment);
    if (!connection) return undefined;
    return this.ask(connection, () => connection.connector.findByReference(payment.transactionId), true);
  }

  private async connectionFor(
    payment: Pick<CardPayment, 'processor' | 'merchantId'>,
  ): Promise<MerchantAcquirerConnection | undefined> {
    if (payment.processor !== 'acquirerA' && payment.processor !== 'acquirerB') return undefined;
    try {
      return await this.connections.connectionOf(payment.merchantId, payment.processor satisfies AcquirerSlot);
    } catch (error) {
      if (error instanceof AcquirerConnectionUnusableError) throw new AcquirerUnavailableError(error.message);
      throw error;
    }
  }

  /** A query whose failure leaves the outcome unknown (`unknown`: after an authorization) or simply unavailable. */
  private async ask<T>(connection: MerchantAcquirerConnection, query: () => Promise<T>, unknown: boolean): Promise<T> {
    try {
      return await query();
    } catch (error) {
      throw this.unavailable(connection, error, unknown);
    }
  }

  private unavailable(connection: MerchantAcquirerConnection, error: unknown, unknown: boolean): Error {
    if (error instanceof AcquirerConnectionError) return new AcquirerUnavailableError(error.message);
    if (isUnanswered(error)) {
      return new AcquirerUnavailableError(
        `A adquirente (conexão ${connection.name}) está indisponível: ${failureOf(error)}`,
        unknown,
      );
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}

function isUnanswered(error: unknown): error is AcquirerTransportError | AcquirerAnsweredError {
  return error instanceof AcquirerTransportError || error instanceof AcquirerAnsweredError;
}

function failureOf(error: AcquirerTransportError | AcquirerAnsweredError): string {
  return error instanceof AcquirerTransportError
    ? error.kind === 'timeout'
      ? 'sem resposta no prazo'
      : 'conexão interrompida'
    : `HTTP ${error.status}`;
}
