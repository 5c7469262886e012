import { type ApiEvent, headerOf, stagePrefixOf } from '../../http';
import { parseTransactionId } from '../domain/transaction-id';
import { GatewayError } from '../errors';

export { headerOf, stagePrefixOf };

export function idempotencyKeyOf(event: Pick<ApiEvent, 'headers'>): string | undefined {
  return headerOf(event, 'idempotency-key');
}

/** The {id} path parameter; anything but a plain positive integer is an unknown transaction (404, 006). */
export function transactionIdOf(event: Pick<ApiEvent, 'pathParameters'>): number {
  const raw = event.pathParameters?.id ?? '';
  const id = parseTransactionId(raw);
  if (id === undefined) throw new GatewayError('not_found', `Transação ${raw.slice(0, 20)} não encontrada`);
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
