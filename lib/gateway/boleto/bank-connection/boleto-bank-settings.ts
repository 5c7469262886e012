import type { BoletoBankAccount } from '../../domain/boleto-record';

/** The providers a boleto bank connection may name (DESIGN §7.8): file exchange with any bank. */
export const BOLETO_BANK_PROVIDERS = ['cnab240'] as const;
export type BoletoBankProvider = (typeof BOLETO_BANK_PROVIDERS)[number];

/**
 * A merchant's bank connection for one boleto method, kept on its merchant record by `boleto-bank set`: the secret's
 * name and the account fields read from it. Agency, account, convênio and carteira are printed on every slip (they
 * are not secret), so creating a boleto needs no secret read; `set` again after the secret changes.
 */
export interface BoletoBankSettings extends BoletoBankAccount {
  secretId: string;
  provider: BoletoBankProvider;
  /** The Pix key of the boleto híbrido's QR code, when the connection has one. */
  pixKey?: string;
  /** The beneficiary's city, as the híbrido's BR Code names it (ID 60); "BRASIL" when absent. */
  cidade?: string;
  /** The beneficiary's CPF or CNPJ (digits), as the remessa's headers carry it. */
  documento: string;
  configuredAt: string;
}
