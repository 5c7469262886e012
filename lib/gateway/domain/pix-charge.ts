import type { Detalhes } from './detalhes';

/**
 * A Pix transaction's immediate charge (BCB API Pix `cob`), as stored on the transaction (DESIGN §7.5). Who issued it
 * (the sandbox, or the merchant's PSP) is the PixProvider's business; the gateway keeps what the API shows.
 */
export interface PixCharge {
  /** 26-35 characters [a-zA-Z0-9]. */
  txid: string;
  /** The "copia e cola" text of the dynamic BR Code. */
  brCode: string;
  /** ISO-8601: when an unpaid charge expires (the transaction becomes negada). */
  expiresAt: string;
  /** The receiver's Pix key (chave). */
  key: string;
  /** The cob's `revisao`: 0 at creation, +1 on every change. */
  revision: number;
  /** Where the charge's signed payload is served (`/v1/pix/loc/<locationId>`). */
  locationId: string;
  /** End-to-end id of the Pix that paid it. */
  e2eid?: string;
  /** ISO-8601. */
  paidAt?: string;
}

/** Default and bounds of `transacao.pagamento.expiracao`, in seconds (DESIGN §7.5; the schema says the same). */
export const PIX_DEFAULT_EXPIRY_SECONDS = 3600;
export const PIX_MIN_EXPIRY_SECONDS = 60;
export const PIX_MAX_EXPIRY_SECONDS = 86_400;
/** The largest Pix amount: a BR Code's ID 54 and the BCB API's `valor.original` hold at most 10 integer digits. */
export const PIX_MAX_CENTS = 999_999_999_999;

/** `detalhes` of a Pix transaction, in the documented order: txid, br_code, expira_em, e2eid, data_pagamento. */
export function pixDetalhes(charge: PixCharge): Detalhes {
  return {
    txid: charge.txid,
    br_code: charge.brCode,
    expira_em: charge.expiresAt,
    e2eid: charge.e2eid ?? null,
    data_pagamento: charge.paidAt ?? null,
  };
}

/** An unpaid charge is over once its expiry instant has passed. */
export function isPixChargeOverdue(charge: Pick<PixCharge, 'expiresAt' | 'paidAt'>, now: Date): boolean {
  return charge.paidAt === undefined && now.getTime() >= Date.parse(charge.expiresAt);
}
