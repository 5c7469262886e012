import ajvKeywords from 'ajv-keywords';
import type { FromSchema } from 'json-schema-to-ts';
import { createTransactionSchema } from '../../../schemas/create-transaction.schema';
import { schemaAssertion } from './schema-assertion';

export type CreateTransactionRequest = FromSchema<typeof createTransactionSchema>;

// `transform` lower-cases `bandeira` (brands are case-insensitive).
const assertCreate = schemaAssertion(createTransactionSchema, (ajv) => ajvKeywords.default(ajv, ['transform']));

/** POST /v1/transacao's body, checked against its schema (compiled once per container, in createTransaction's bundle). */
export function assertCreateRequest(body: unknown): asserts body is CreateTransactionRequest {
  assertCreate(body);
}
