import { hashApiToken } from '../credentials/api-token';
import { idempotencyScope, isValidIdempotencyKey, matchesFingerprint } from '../domain/idempotency';
import type { Transaction } from '../domain/transaction';
import { GatewayError } from '../errors';
import type { AuthenticatedMerchant, IdempotencyRecord, Loaded, TransactionStore } from '../transactions/ports';

export interface AccessRequest {
  token: unknown;
  transactionId?: number;
  idempotencyKey?: string;
  /** What the Idempotency-Key's fingerprint covers (the request without the token). */
  fingerprintOf?: unknown;
}

export interface Access {
  merchant: AuthenticatedMerchant;
  tokenHash: string;
  transaction?: Transaction;
  idempotencyScope?: string;
  /** The first response for this Idempotency-Key, to send again. */
  replay?: IdempotencyRecord;
}

/**
 * Authenticates the token, loads the transaction and the idempotency record in one round trip,
 * and refuses what must be refused: no token → 001, another merchant's transaction → 006 like an
 * unknown id, a reused key with another request → 009.
 */
export async function openAccess(store: TransactionStore, request: AccessRequest): Promise<Access> {
  if (typeof request.token !== 'string' || request.token.trim() === '') {
    throw new GatewayError('invalid_credentials', 'token ausente');
  }
  const key = request.idempotencyKey;
  if (key !== undefined && !isValidIdempotencyKey(key)) {
    throw new GatewayError('invalid_request', 'Idempotency-Key: de 1 a 255 caracteres ASCII visíveis');
  }
  const tokenHash = hashApiToken(request.token);
  const scope = key === undefined ? undefined : idempotencyScope(tokenHash, key);
  const loaded: Loaded = await store.load({ tokenHash, transactionId: request.transactionId, idempotencyScope: scope });
  if (!loaded.merchant) throw new GatewayError('invalid_credentials');
  if (request.transactionId !== undefined && loaded.transaction?.merchantId !== loaded.merchant.merchantId) {
    throw new GatewayError('not_found', `Transação ${request.transactionId} não encontrada`);
  }
  if (loaded.idempotency && !matchesFingerprint(request.fingerprintOf, loaded.idempotency)) {
    throw new GatewayError('idempotency_mismatch');
  }
  return {
    merchant: loaded.merchant,
    tokenHash,
    transaction: loaded.transaction,
    idempotencyScope: scope,
    replay: loaded.idempotency,
  };
}
