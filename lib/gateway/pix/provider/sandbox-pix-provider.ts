import { formatAmount } from '../../domain/money';
import type { PixCharge } from '../../domain/pix-charge';
import type { Transaction } from '../../domain/transaction';

import { encodeDynamicBrCode } from '../br-code';
import { generateTxid, mintEndToEndId, randomAlphanumeric } from '../identifiers';
import type { PixCharging, PixProvider } from './pix-provider';

/** The ISPB the sandbox plays the payer's bank with (8 digits, no real participant's). */
export const SANDBOX_PAYER_ISPB = '99999008';

/** Length of a location id: ~149 bits, short enough that a location fits the BR Code's 77 characters on most hosts. */
const LOCATION_ID_LENGTH = 25;

export interface SandboxPixSettings {
  /** The receiver's Pix key written into every sandbox charge. */
  key: string;
  /** The merchant city of the BR Code (ID 60). */
  city: string;
  now: () => Date;
}

/**
 * The sandbox's Pix: charges issued here, their location served by this service (`/v1/pix/loc/<id>`), payments
 * simulated on request, devoluções settled at once. Deterministic where it can be: a simulated payment's end-to-end
 * id is minted from the transaction id and the minute it was paid.
 */
export class SandboxPixProvider implements PixProvider {
  constructor(private readonly settings: SandboxPixSettings) {}

  async createCharge(input: PixCharging): Promise<PixCharge> {
    if (!input.baseUrl) throw new Error('The sandbox serves the location itself: createCharge needs the base URL');
    const locationId = randomAlphanumeric(LOCATION_ID_LENGTH);
    const now = this.settings.now();
    return {
      txid: generateTxid(),
      brCode: encodeDynamicBrCode({
        location: `${input.baseUrl.replace(/^https?:\/\//, '')}/v1/pix/loc/${locationId}`,
        merchantName: input.merchantName,
        merchantCity: this.settings.city,
        amount: formatAmount(input.cents),
      }),
      expiresAt: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString(),
      key: this.settings.key,
      revision: 0,
      locationId,
    };
  }

  /** A sandbox devolução is settled at once. Its reference is the return's own id (`rtrId`, `D...`). */
  async refund() {
    return {
      status: 'concluido' as const,
      reference: mintEndToEndId({ ispb: SANDBOX_PAYER_ISPB, at: this.settings.now(), kind: 'D' }),
    };
  }

  simulatePayment = async (transaction: Transaction): Promise<{ e2eid: string; paidAt: string }> => {
    const at = this.settings.now();
    const sequence = `SBX${transaction.id.toString(36).padStart(8, '0')}`.slice(-11);
    return { e2eid: mintEndToEndId({ ispb: SANDBOX_PAYER_ISPB, at, sequence }), paidAt: at.toISOString() };
  };
}
