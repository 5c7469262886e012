import type { PaymentMethod } from '../../domain/payment-methods';
import type { Status } from '../../domain/state-machine';

/**
 * What a list of a merchant's transactions can be narrowed by: the `/v1` list uses the first five, the admin search
 * all of them. One planner (transaction-query-plan.ts) turns any of them into one DynamoDB Query.
 */
export interface TransactionCriteria {
  status?: Status;
  method?: PaymentMethod;
  orderNumber?: string;
  /** YYYY-MM-DD, inclusive, UTC days. */
  from?: string;
  to?: string;
  id?: number;
  /** Name (any part, no case or accents) or document (digits), normalised as stored (transaction-item.ts). */
  buyer?: string;
  minCents?: number;
  maxCents?: number;
}
