import { type ApiEvent, headerOf, serviceOrigin, stagePrefixOf } from '../../http';
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

/** Where this deployment is reached (url_acesso, BR Code locations, the JWS `jku`): configuration or API Gateway's context. */
export function baseUrlOf(event: Pick<ApiEvent, 'path' | 'requestContext'>, configured?: string): string {
  return serviceOrigin(event, configured);
}
