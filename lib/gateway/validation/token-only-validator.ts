import type { FromSchema } from 'json-schema-to-ts';
import type { tokenOnlySchema } from '../../../schemas/create-transaction.schema';
import { validate } from './compiled/token-only.js';
import { schemaAssertion } from './schema-assertion';

export type TokenOnlyRequest = FromSchema<typeof tokenOnlySchema>;

const assertTokenOnly = schemaAssertion(validate);

/** The body of capturar and estornar (`{"token": ...}`), checked against its schema (the large create schema is not compiled). */
export function assertTokenOnlyRequest(body: unknown): asserts body is TokenOnlyRequest {
  assertTokenOnly(body);
}
