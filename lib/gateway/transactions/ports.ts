import type { Transaction } from '../domain/transaction';
import type { Transition } from '../domain/transition';
import type { AcquirerAMode } from '../merchants/merchant';
import type { TransactionCriteria } from './query/transaction-criteria';
import type { ReadPolicy } from './query/transaction-query-plan';

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
  /**
   * Overwrites the record this same request stored earlier (a refund stores its response when it reserves the amount,
   * then the final one); otherwise the write fails if another request holds the key.
   */
  replace?: boolean;
}

export interface Loaded {
  merchant?: AuthenticatedMerchant;
  transaction?: Transaction;
  idempotency?: IdempotencyRecord;
}

export type TransitionResult = { moved: true; transaction: Transaction } | { moved: false; current: Transaction | undefined };

/** Everything the gateway's use cases need from storage; DynamoTransactionStore implements it in one or two round trips per call. */
export interface TransactionStore {
  /** The token's merchant, the transaction and the idempotency record, in one round trip. */
  load(request: { tokenHash: string; transactionId?: number; idempotencyScope?: string }): Promise<Loaded>;
  nextId(): Promise<number>;
  /**
   * Stores a new transaction (domain/transition.ts `opened()`) with its events and its idempotency record, in one
   * DynamoDB transaction; false when that idempotency key was taken meanwhile.
   */
  insert(opened: Transition, idempotency?: IdempotencyWrite): Promise<boolean>;
  /**
   * Writes a move decided by domain/transition.ts `transition()`: the transaction and its events (and the idempotency
   * record) in one DynamoDB transaction, only if the transition's guards still hold what was read (no change without
   * its event, no event without its change); otherwise returns the transaction as it now is.
   */
  apply(transition: Transition, idempotency?: IdempotencyWrite): Promise<TransitionResult>;
  findByPageUuid(pageUuid: string): Promise<Transaction | undefined>;
  /** The Pix transaction whose charge is served at this location (its pointer item, then the transaction). */
  findByPixLocation(locationId: string): Promise<Transaction | undefined>;
  getIdempotency(scope: string): Promise<IdempotencyRecord | undefined>;
  /**
   * A merchant's transactions newest first, the `/v1` list's and the admin search's alike: one Query on the merchant's
   * own partition or index (never a Scan) planned from the criteria, read within the caller's read policy.
   */
  search(request: TransactionSearch): Promise<TransactionPage>;
  /** One transaction, only if it is this merchant's: another merchant's id is the same "not found" as an unknown one. */
  getOfMerchant(merchantId: string, id: number): Promise<Transaction | undefined>;
  /** Status, amount and date of every transaction created since `fromIso`, for the overview (projected: small reads). */
  createdSince(merchantId: string, fromIso: string): Promise<OverviewRow[]>;
}

export interface TransactionSearch {
  merchantId: string;
  criteria: TransactionCriteria;
  /** Where the previous page stopped: a `next` this returned (encoded, listing/signed-cursor.ts). */
  after?: string;
  pageSize: number;
  reads: ReadPolicy;
}

export interface TransactionPage {
  transactions: Transaction[];
  /** Where the next page starts (an encoded position for listing/signed-cursor.ts); absent on the last page. */
  next?: string;
  /** A filtered search stopped at its read budget before filling the page: more matches may follow. */
  partial: boolean;
  /** DynamoDB queries this page cost (for the benchmark and the README's claim). */
  queries: number;
}

export type OverviewRow = Pick<Transaction, 'status' | 'totalCents' | 'createdAt'>;

/** A Pix charge's expiry marker: which transaction, whose, and when it expires. */
export interface PixExpiryMarker {
  transactionId: number;
  merchantId: string;
  expiresAt: string;
}

/** The expiry markers the expiry pass reads (lib/gateway/use-cases/pix-expiry.ts), and where it got to. */
export interface PixExpiryStore {
  shards: number;
  /** Markers of one minute's shard (`yyyyMMddHHmm`) that expire at or before `nowIso`: one Query, never a Scan. */
  due(minute: string, shard: number, nowIso: string): Promise<PixExpiryMarker[]>;
  /** A marker whose transaction no longer waits (a crash between two writes cannot leave one, but a restore can). */
  remove(marker: PixExpiryMarker): Promise<void>;
  /** The last minute every marker of which was handled; undefined before the first pass. */
  checkpoint(): Promise<string | undefined>;
  /** Moves the checkpoint forward (never back: overlapping passes may finish in any order). */
  advance(minute: string): Promise<void>;
}
