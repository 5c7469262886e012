import { TXID_PATTERN } from '../identifiers/txid';

/** The statuses of a `cob` record in the BCB API Pix (`CobrancaStatus`). */
export const COB_STATUSES = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] as const;
export type CobStatus = (typeof COB_STATUSES)[number];

/** What this service knows of an immediate charge, in the API Pix's words. */
export interface PixCharge {
  txid: string;
  /** Starts at 0, +1 on every change of the charge. */
  revisao: number;
  /** ISO-8601 (RFC 3339) creation time. */
  criacao: string;
  /** Lifetime in seconds from `criacao`. */
  expiracao: number;
  status: CobStatus;
  /** "12.34". */
  valorOriginal: string;
  /** The receiver's DICT key. */
  chave: string;
}

/** The location payload of the BCB's OpenAPI (`CobPayload`): what the payer's app reads behind the BR Code. */
export interface CobPayload {
  calendario: { criacao: string; apresentacao: string; expiracao: number };
  txid: string;
  revisao: number;
  status: CobStatus;
  valor: { original: string };
  chave: string;
}

export class CobPayloadError extends Error {
  override name = 'CobPayloadError';
}

/**
 * The payload served at the charge's location. `apresentacao` is when it is fetched (the schema requires it: the
 * moment the payer read the QR code); everything else comes from the charge, checked against the schema's rules.
 */
export function cobPayloadOf(charge: PixCharge, presentedAt: Date): CobPayload {
  if (!TXID_PATTERN.test(charge.txid)) throw new CobPayloadError('txid: 26-35 characters [a-zA-Z0-9]');
  if (!Number.isInteger(charge.revisao) || charge.revisao < 0) throw new CobPayloadError('revisao: an integer ≥ 0');
  if (!Number.isInteger(charge.expiracao) || charge.expiracao < 1 || charge.expiracao > 2 ** 31 - 1) {
    throw new CobPayloadError('expiracao: a positive int32 of seconds');
  }
  if (!COB_STATUSES.includes(charge.status)) throw new CobPayloadError(`status: one of ${COB_STATUSES.join(', ')}`);
  if (!/^\d{1,10}\.\d{2}$/.test(charge.valorOriginal)) throw new CobPayloadError('valor.original: \\d{1,10}\\.\\d{2}');
  if (charge.chave.length < 1 || charge.chave.length > 77) throw new CobPayloadError('chave: 1-77 characters');
  const criacao = new Date(charge.criacao);
  if (Number.isNaN(criacao.getTime())) throw new CobPayloadError('criacao: an ISO-8601 date-time');
  return {
    calendario: { criacao: criacao.toISOString(), apresentacao: presentedAt.toISOString(), expiracao: charge.expiracao },
    txid: charge.txid,
    revisao: charge.revisao,
    status: charge.status,
    valor: { original: charge.valorOriginal },
    chave: charge.chave,
  };
}
