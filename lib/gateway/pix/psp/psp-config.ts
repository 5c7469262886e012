import type { ValidateFunction } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import { validate as compiledSecret } from '../../validation/compiled/pix-psp-secret.js';
import { jsonOrUndefined } from './json-text';
import { SecretValue } from './secret-value';

/**
 * A merchant's Pix PSP settings as stored in Secrets Manager (one JSON secret per merchant): the API Pix base URL,
 * the OAuth2 client, the mTLS client certificate and key (PEM), the PSP's CA when it is not a public one, and the
 * merchant's Pix key (chave DICT).
 */
export const pixPspSecretSchema = {
  type: 'object',
  required: ['baseUrl', 'clientId', 'clientSecret', 'certificatePem', 'privateKeyPem', 'chave'],
  additionalProperties: false,
  properties: {
    baseUrl: { type: 'string', pattern: '^https://[^\\s]+$', maxLength: 2048 },
    tokenUrl: { type: 'string', pattern: '^https://[^\\s]+$', maxLength: 2048 },
    clientId: { type: 'string', minLength: 1, maxLength: 512 },
    clientSecret: { type: 'string', minLength: 1, maxLength: 4096 },
    certificatePem: { type: 'string', pattern: '-----BEGIN CERTIFICATE-----' },
    privateKeyPem: { type: 'string', pattern: '-----BEGIN [A-Z ]*PRIVATE KEY-----' },
    caPem: { type: 'string', pattern: '-----BEGIN CERTIFICATE-----' },
    chave: { type: 'string', minLength: 1, maxLength: 77 },
    scope: { type: 'string', maxLength: 1024 },
  },
} as const;

export type PixPspSecret = FromSchema<typeof pixPspSecretSchema>;

/** The settings in memory: secrets wrapped so that logging the object shows none of them. */
export interface PixPspConfig {
  baseUrl: string;
  /** Default: `<baseUrl>/oauth/token`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: SecretValue;
  certificate: SecretValue;
  privateKey: SecretValue;
  /** The PSP's CA, when not a public one (public, but kept out of logs with the rest). */
  ca?: SecretValue;
  chave: string;
  scope: string;
}

export const DEFAULT_PIX_SCOPE = 'cob.write cob.read cobv.write cobv.read pix.write pix.read webhook.write webhook.read';

export class PixPspConfigError extends Error {
  override name = 'PixPspConfigError';
}

// Compiled ahead of time by `npm run build:validators` (scripts/build/validator-sources.ts lists this schema).
const validate = compiledSecret as ValidateFunction<PixPspSecret>;

/** Reads the stored secret (its JSON text or the parsed object). Errors name the field, never its value. */
export function pixPspConfigFromSecret(secret: unknown): PixPspConfig {
  const value = typeof secret === 'string' ? jsonOrUndefined(secret) : secret;
  if (value === undefined) throw new PixPspConfigError('The Pix PSP secret is not JSON');
  if (!validate(value)) {
    const error = validate.errors?.[0];
    const field = error?.keyword === 'required' ? `/${error.params.missingProperty}` : (error?.instancePath ?? '');
    throw new PixPspConfigError(`The Pix PSP secret is invalid at ${field || '/'} (${error?.keyword ?? 'schema'})`);
  }
  const baseUrl = value.baseUrl.replace(/\/+$/, '');
  return {
    baseUrl,
    tokenUrl: value.tokenUrl ?? `${baseUrl}/oauth/token`,
    clientId: value.clientId,
    clientSecret: new SecretValue(value.clientSecret),
    certificate: new SecretValue(value.certificatePem),
    privateKey: new SecretValue(value.privateKeyPem),
    ...(value.caPem ? { ca: new SecretValue(value.caPem) } : {}),
    chave: value.chave,
    scope: value.scope ?? DEFAULT_PIX_SCOPE,
  };
}
