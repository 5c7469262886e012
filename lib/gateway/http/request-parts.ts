import type { ApiEvent } from '../../http';
import { parseTransactionId } from '../domain/transaction-id';
import { GatewayError } from '../errors';

/** A header by name, whatever its case. */
export function headerOf(event: Pick<ApiEvent, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entry = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === wanted);
  return entry?.[1] ?? undefined;
}

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

/** `/sandbox` on API Gateway's default domain (the stage is in the path), empty on a custom domain and locally. */
export function stagePrefixOf(event: Pick<ApiEvent, 'path' | 'requestContext'>): string {
  const fullPath = event.requestContext?.path ?? event.path;
  return fullPath && event.path && fullPath.endsWith(event.path) ? fullPath.slice(0, -event.path.length) : '';
}
