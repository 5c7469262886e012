import type { RegisteredBoleto } from '../../domain/boleto-record';
import type { Transaction } from '../../domain/transaction';

/** What a boleto híbrido's Pix is created from: the new boleto (id, due date, amount, payer, charges) and its slip's names. */
export interface DueChargeRequest {
  transaction: Pick<Transaction, 'id' | 'merchantId' | 'merchantName' | 'dueDate' | 'totalCents' | 'buyer' | 'boletoCharges'>;
  /** The BR Code's merchant city (the bank connection's `cidade`). */
  city: string;
}

/**
 * The port to the merchant's Pix PSP for boletos híbridos (a `cobv` per boleto). `issue` is undefined when the merchant
 * has no PSP (then the bank connection's `pixKey`, if any, makes the híbrido); `withdraw` takes the `cobv` off the PSP
 * once the boleto is settled through the bank, and never throws (a Pix that still arrives is a duplicate payment).
 */
export interface DueChargeIssuer {
  issue(request: DueChargeRequest): Promise<Pick<RegisteredBoleto, 'brCode' | 'pix'> | undefined>;
  withdraw(transaction: Transaction): Promise<void>;
}
