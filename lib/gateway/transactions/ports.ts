import type { Transaction } from '../domain/transaction';
import type { ListQuery } from '../listing/list-query';
import type { AcquirerAMode } from '../merchants/merchant';

/** The merchant behind an API token, as the token's own item records it (one read authenticates). */
export interface AuthenticatedMerchant {
  merchantId: string;
  merchantName: string;
  acquirerAMode: AcquirerAMode;
}

/** A stored response for an Idempotency-Key, kept 24 h. */
export interface IdempotencyRecord {
  /** Salted hash of the request: same key with another request is refused. */
  fingerprint: string;
  salt: string;
  statusCode: number;
  body: unknown;
}

export interface IdempotencyWrite {
  scope: string;
  record: IdempotencyRecord;
}

export interface Loaded {
  merchant?: AuthenticatedMerchant;
  transaction?: Transaction;
  idempotency?: IdempotencyRecord;
}

export interface TransitionRequest {
  /** The transaction as read: the move is conditional on its status and `authorized` being still the same. */
  transaction: Transaction;
  changes: Pick<Transaction, 'status' | 'authorized'> &
    Partial<Pick<Transaction, 'detalhes' | 'acquirerReference' | 'card' | 'operationType'>>;
  by: string;
  at: string;
}

export type TransitionResult = { moved: true; transaction: Transaction } | { moved: false; current: Transaction | undefined };

/** Everything the gateway's use cases need from storage; DynamoTransactionStore implements it in one or two round trips per call. */
export interface TransactionStore {
  /** The token's merchant, the transaction and the idempotency record, in one round trip. */
  load(request: { tokenHash: string; transactionId?: number; idempotencyScope?: string }): Promise<Loaded>;
  nextId(): Promise<number>;
  /**
   * Inserts a new transaction (and its idempotency record) with the webhook event of its first status, in one
   * DynamoDB transaction; false when that idempotency key was taken meanwhile.
   */
  insert(transaction: Transaction, idempotency?: IdempotencyWrite): Promise<boolean>;
  /**
   * Moves a transaction only if it is still as read (conditional write), with the webhook event of its new status in
   * the same DynamoDB transaction (no change without its event, no event without its change); otherwise returns it
   * as it now is.
   */
  transition(request: TransitionRequest, idempotency?: IdempotencyWrite): Promise<TransitionResult>;
  findByPageUuid(pageUuid: string): Promise<Transaction | undefined>;
  getIdempotency(scope: string): Promise<IdempotencyRecord | undefined>;
  /** A merchant's transactions newest first, from an index (never a Scan), starting after `after` (a position it returned). */
  listByMerchant(request: { merchantId: string; query: ListQuery; after?: string }): Promise<StoredPage>;
}

export interface StoredPage {
  transactions: Transaction[];
  /** Where to continue (opaque to callers); absent when nothing follows. May be set on a short page (read budget). */
  next?: string;
}
