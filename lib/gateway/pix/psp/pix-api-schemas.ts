import type { ValidateFunction } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import { validate as compiledCallback } from '../../validation/compiled/pix-callback.js';
import { validate as compiledCob } from '../../validation/compiled/pix-cob.js';
import { validate as compiledCobv } from '../../validation/compiled/pix-cobv.js';
import { validate as compiledDevolucao } from '../../validation/compiled/pix-devolucao.js';

/**
 * What the connector accepts from a PSP, written from the BCB's OpenAPI (CobCompleta, CobVCompleta, Pix, Devolucao and the webhook
 * callback `{"pix": [...]}`): the fields this gateway reads are checked, the rest may be there (PSPs add their own).
 */
const money = { type: 'string', pattern: '^\\d{1,10}\\.\\d{2}$' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

export const devolucaoSchema = {
  type: 'object',
  required: ['id', 'rtrId', 'valor', 'horario', 'status'],
  properties: {
    id: { type: 'string', pattern: '^[a-zA-Z0-9]{1,35}$' },
    rtrId: { type: 'string', pattern: '^[a-zA-Z0-9]{32}$' },
    valor: money,
    natureza: { type: 'string' },
    horario: { type: 'object', required: ['solicitacao'], properties: { solicitacao: dateTime, liquidacao: dateTime } },
    status: { type: 'string', enum: ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] },
    motivo: { type: 'string' },
  },
} as const;

export const pixSchema = {
  type: 'object',
  required: ['endToEndId', 'valor', 'horario'],
  properties: {
    endToEndId: { type: 'string', pattern: '^[a-zA-Z0-9]{32}$' },
    txid: { type: 'string', pattern: '^[a-zA-Z0-9]{1,35}$' },
    valor: money,
    horario: dateTime,
    infoPagador: { type: 'string' },
    devolucoes: { type: 'array', items: devolucaoSchema },
  },
} as const;

export const cobSchema = {
  type: 'object',
  required: ['txid', 'revisao', 'status', 'calendario', 'valor', 'chave'],
  properties: {
    txid: { type: 'string', pattern: '^[a-zA-Z0-9]{26,35}$' },
    revisao: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] },
    calendario: { type: 'object', required: ['criacao'], properties: { criacao: dateTime, expiracao: { type: 'integer' } } },
    valor: { type: 'object', required: ['original'], properties: { original: money } },
    chave: { type: 'string' },
    location: { type: 'string' },
    pixCopiaECola: { type: 'string' },
    pix: { type: 'array', items: pixSchema },
  },
} as const;

/** A charge with a due date (`CobVCompleta`): its location is `loc.location` (the top-level `location` is optional). */
export const cobvSchema = {
  type: 'object',
  required: ['txid', 'revisao', 'status', 'calendario', 'valor', 'chave', 'loc'],
  properties: {
    txid: { type: 'string', pattern: '^[a-zA-Z0-9]{26,35}$' },
    revisao: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] },
    calendario: {
      type: 'object',
      required: ['dataDeVencimento'],
      properties: {
        criacao: dateTime,
        dataDeVencimento: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        validadeAposVencimento: { type: 'integer' },
      },
    },
    valor: { type: 'object', required: ['original'], properties: { original: money } },
    chave: { type: 'string' },
    loc: { type: 'object', required: ['location'], properties: { location: { type: 'string', minLength: 1, maxLength: 77 } } },
    pixCopiaECola: { type: 'string' },
    pix: { type: 'array', items: pixSchema },
  },
} as const;

export const pixCallbackSchema = {
  type: 'object',
  required: ['pix'],
  properties: { pix: { type: 'array', minItems: 1, maxItems: 1000, items: pixSchema } },
} as const;

export type PspDevolucao = FromSchema<typeof devolucaoSchema>;
export type PspPix = FromSchema<typeof pixSchema>;
export type PspCob = FromSchema<typeof cobSchema>;
export type PspCobv = FromSchema<typeof cobvSchema>;
export type PixCallback = FromSchema<typeof pixCallbackSchema>;

// Compiled ahead of time by `npm run build:validators` (scripts/build/validator-sources.ts lists these schemas).
export const validateCob = compiledCob as ValidateFunction<PspCob>;
export const validateCobv = compiledCobv as ValidateFunction<PspCobv>;
export const validateDevolucao = compiledDevolucao as ValidateFunction<PspDevolucao>;
export const validatePixCallback = compiledCallback as ValidateFunction<PixCallback>;
