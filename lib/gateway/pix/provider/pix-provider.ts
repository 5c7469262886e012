import type { PixCharge } from '../../domain/pix-charge';
import type { Refund, RefundStatus } from '../../domain/refund';
import type { Transaction } from '../../domain/transaction';

/** What the gateway asks of whoever issues a merchant's Pix charges: the sandbox, or the merchant's PSP (production). */
export interface PixCharging {
  transactionId: number;
  merchantId: string;
  cents: number;
  expiresInSeconds: number;
  description?: string;
  merchantName: string;
  /**
   * Where this deployment is reached (`url_acesso`'s base): the sandbox serves the charge's location under it. A PSP
   * serves its own locations and ignores it.
   */
  baseUrl?: string;
}

/**
 * The port between the gateway and a Pix charge issuer (DESIGN §7.5): create a charge, refund (devolução), and, in
 * the sandbox only, pay a charge as a payer's bank would.
 */
export interface PixProvider {
  createCharge(input: PixCharging): Promise<PixCharge>;
  refund(input: { transaction: Transaction; refund: Refund }): Promise<{ status: RefundStatus; reference?: string }>;
  /** sandbox only: undefined in production (then POST simular_pagamento answers 404) */
  simulatePayment?: (transaction: Transaction) => Promise<{ e2eid: string; paidAt: string }>;
}
