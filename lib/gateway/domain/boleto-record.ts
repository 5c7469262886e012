import { formatAmount } from './money';

/** The barcode's amount field holds 10 digits of cents (FEBRABAN), so no boleto can be worth more. */
export const BOLETO_MAX_CENTS = 99_999_999_99;

/**
 * A registered boleto's state beside its transaction (DESIGN §7.8): what the bank was (or will be) told, what it
 * answered, and every retorno occurrence already applied (so a file read twice changes nothing).
 */

/** Charges printed on the slip and sent in the remessa; percentages in hundredths of a percent (2.5 % → 250). */
export interface BoletoCharges {
  /** Multa: a one-off percentage of the amount, due the day after the due date. */
  multaBasisPoints?: number;
  /** Juros de mora: a percentage a month, counted per day from the day after the due date. */
  jurosMonthlyBasisPoints?: number;
  /** Desconto: this amount off when paid until this date (ISO). */
  desconto?: { cents: number; until: string };
  /** Baixa automática (write-off by the bank) this many days after the due date. */
  diasBaixa?: number;
}

export type BoletoRegistrationStatus = 'pendente' | 'registrado' | 'rejeitado';

/** Who the bank knows the boleto by: the merchant's account at the bank (public, printed on the slip). */
export interface BoletoBankAccount {
  code: string;
  agencia: string;
  conta: string;
  convenio: string;
  carteira: string;
}

/** A payment received for the boleto: the one that paid it, or a duplicate the admin has to return. */
export interface BoletoPayment {
  via: 'boleto' | 'pix';
  cents: number;
  /** ISO date the payer paid. */
  on: string;
  /** When the gateway learnt of it. */
  at: string;
}

export interface RegisteredBoleto {
  bank: BoletoBankAccount;
  /** Nosso número as the remessa and retorno carry it (digits only). */
  ourNumber: string;
  /** Nosso número as the slip prints it. */
  ourNumberPrinted: string;
  barcode: string;
  line: string;
  registration: BoletoRegistrationStatus;
  /** The bank's reason codes when it refused the entry (retorno occurrence 03). */
  rejection?: string;
  /** The payment that made it paga. */
  payment?: BoletoPayment;
  /** Payments that arrived after it was paid (or written off): recorded, never a second status change. */
  duplicatePayments?: BoletoPayment[];
  /** Dynamic Pix BR Code (a `cobv`) printed beside the barcode: the boleto híbrido. */
  brCode?: string;
  /**
   * The híbrido's Pix charge: its txid, where its `cobv` is served, the receiving key. `psp`: the `cobv` is at the
   * merchant's Pix PSP (`locationId` is the PSP's `loc.location`; its callback pays it); otherwise this service signs it
   * at `/v1/pix/loc/<locationId>` for the connection's `pixKey`.
   */
  pix?: { txid: string; locationId: string; key: string; psp?: true };
  /** When `estornar` asked the bank for a baixa (the next remessa carries instruction 02). */
  baixaRequestedAt?: string;
  /** Keys of the retorno occurrences already applied. */
  occurrences: string[];
}

/** `detalhes` of a registered boleto, in the documented order. */
export function registeredBoletoDetalhes(boleto: RegisteredBoleto): Record<string, string | null> {
  const paid = boleto.payment;
  return {
    nosso_numero: boleto.ourNumberPrinted,
    linha_digitavel: boleto.line,
    codigo_barras: boleto.barcode,
    registro: boleto.registration,
    valor_pago: paid ? formatAmount(paid.cents) : null,
    data_pagamento: paid ? paid.on : null,
    br_code: boleto.brCode ?? null,
  };
}
