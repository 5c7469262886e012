import type { FromSchema } from 'json-schema-to-ts';
import type { createTransactionSchema } from '../../../schemas/create-transaction.schema';
import { validate } from './compiled/create-transaction.js';
import { schemaAssertion } from './schema-assertion';

export type CreateTransactionRequest = FromSchema<typeof createTransactionSchema>;

// The compiled schema lower-cases `bandeira` (ajv-keywords' `transform`: brands are case-insensitive).
const assertCreate = schemaAssertion(validate);

/** POST /v1/transacao's body, checked against its schema (compiled ahead of time, in createTransaction's bundle). */
export function assertCreateRequest(body: unknown): asserts body is CreateTransactionRequest {
  assertCreate(body);
}
