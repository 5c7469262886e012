import type { Ajv, AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import ajvKeywords from 'ajv-keywords';
import { cobSchema, cobvSchema, devolucaoSchema, pixCallbackSchema } from '../../lib/gateway/pix/psp/pix-api-schemas';
import { pixPspSecretSchema } from '../../lib/gateway/pix/psp/psp-config';
import { createTransactionSchema, tokenOnlySchema } from '../../schemas/create-transaction.schema';
import { settlementRequestSchema } from '../../schemas/settlement-request.schema';

/** One validator compiled ahead of time: its output file name, where its schema is written, and the ajv set-up it needs. */
export interface ValidatorSource {
  name: string;
  schema: AnySchema;
  from: string;
  configure?: (ajv: Ajv) => void;
}

const dateTimeFormat = (ajv: Ajv) => addFormats.default(ajv, ['date-time']);

/** Every ajv validator a function uses, compiled by `npm run build:validators` into lib/gateway/validation/compiled/. */
export const VALIDATOR_SOURCES: ValidatorSource[] = [
  {
    name: 'create-transaction',
    schema: createTransactionSchema,
    from: 'schemas/create-transaction.schema.ts',
    // `transform` lower-cases `bandeira` (brands are case-insensitive).
    configure: (ajv) => ajvKeywords.default(ajv, ['transform']),
  },
  { name: 'token-only', schema: tokenOnlySchema, from: 'schemas/create-transaction.schema.ts' },
  { name: 'settlement-request', schema: settlementRequestSchema, from: 'schemas/settlement-request.schema.ts' },
  { name: 'pix-psp-secret', schema: pixPspSecretSchema, from: 'lib/gateway/pix/psp/psp-config.ts' },
  { name: 'pix-cob', schema: cobSchema, from: 'lib/gateway/pix/psp/pix-api-schemas.ts', configure: dateTimeFormat },
  { name: 'pix-cobv', schema: cobvSchema, from: 'lib/gateway/pix/psp/pix-api-schemas.ts', configure: dateTimeFormat },
  { name: 'pix-devolucao', schema: devolucaoSchema, from: 'lib/gateway/pix/psp/pix-api-schemas.ts', configure: dateTimeFormat },
  { name: 'pix-callback', schema: pixCallbackSchema, from: 'lib/gateway/pix/psp/pix-api-schemas.ts', configure: dateTimeFormat },
];
