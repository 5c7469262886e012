import { fingerprint, matchesFingerprint } from '../domain/idempotency';
import { GatewayError } from '../errors';
import type { IdempotencyRecord, IdempotencyWrite, TransactionStore } from '../transactions/ports';
import type { GatewayResult } from './dependencies';

/** The first response stored for an Idempotency-Key, sent again. */
export function replayed(record: IdempotencyRecord): GatewayResult {
  return { statusCode: record.statusCode, body: record.body as GatewayResult['body'] };
}

/** What to store with the write that produced `result`, when the request carried a key. */
export function idempotencyWrite(
  scope: string | undefined,
  request: unknown,
  result: GatewayResult,
): IdempotencyWrite | undefined {
  if (scope === undefined) return undefined;
  return { scope, record: { ...fingerprint(request), statusCode: result.statusCode, body: result.body } };
}

/** Another request with the same key won the race: answer with its response, or refuse if it was another request. */
export async function resultOfWinner(store: TransactionStore, scope: string, request: unknown): Promise<GatewayResult> {
  const record = await store.getIdempotency(scope);
  if (!record || !matchesFingerprint(request, record)) throw new GatewayError('idempotency_mismatch');
  return replayed(record);
}
