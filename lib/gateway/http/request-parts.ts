import { type ApiEvent, headerOf, stagePrefixOf } from '../../http';
import { parseTransactionId } from '../domain/transaction-id';
import { GatewayError } from '../errors';

export { headerOf, stagePrefixOf };

export function idempotencyKeyOf(event: Pick<ApiEvent, 'headers'>): string | undefined {
  return headerOf(event, 'idempotency-key');
}

/**
 * The {id} path parameter; anything but a plain positive integer is an unknown transaction (404, 006). The message
 * does not repeat what was sent: it may be anything, a card number included.
 */
export function transactionIdOf(event: Pick<ApiEvent, 'pathParameters'>): number {
  const id = parseTransactionId(event.pathParameters?.id);
  if (id === undefined) throw new GatewayError('not_found', 'Transação não encontrada');
  return id;
}

/**
 * Where this deployment is reached: the configured public URL, or the request's own scheme, host
 * and stage prefix (API Gateway's default domain puts the stage in the path; a custom domain does not).
 */
export function baseUrlOf(event: Pick<ApiEvent, 'headers' | 'path' | 'requestContext'>, configured?: string): string {
  if (configured) return configured;
  const host = headerOf(event, 'host') ?? 'localhost';
  const proto = headerOf(event, 'x-forwarded-proto') ?? (/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https');
  return `${proto}://${host}${stagePrefixOf(event)}`;
}
