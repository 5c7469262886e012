import { applyBoletoOccurrence } from '../boleto/registration/apply-boleto-occurrence';
import { parseAmount } from '../domain/money';
import type { Transaction } from '../domain/transaction';
import type { PixApiClient } from '../pix/psp/pix-api-client';
import type { PspPix } from '../pix/psp/pix-api-schemas';
import { confirmCallbackDuePix } from '../pix/psp/pix-callback';
import type { GatewayDependencies } from './dependencies';

/** A boleto híbrido's Pix in the PSP's callback, its outcome as the callback reports it. */
export type BoletoPixOutcome = 'paid' | 'already_paid' | 'duplicate';

/**
 * A Pix that paid a boleto híbrido's `cobv` at the merchant's PSP, confirmed with the PSP (GET /cobv/{txid}), then one
 * boleto occurrence: `paga` when the boleto awaited payment (the remessa then asks the bank for a baixa), otherwise a
 * duplicate payment for the merchant to return (the bank path settled it first). Keyed by the end-to-end id, so a
 * repeated or parallel callback applies it once.
 */
export async function payBoletoByPix(
  deps: Pick<GatewayDependencies, 'store' | 'now'>,
  client: PixApiClient,
  transaction: Transaction,
  pix: PspPix,
): Promise<{ outcome: BoletoPixOutcome; transaction: Transaction }> {
  const key = `pix:${pix.endToEndId}`;
  if (transaction.boleto?.occurrences.includes(key)) return { outcome: 'already_paid', transaction };
  const confirmed = await confirmCallbackDuePix(client, pix);
  const at = deps.now().toISOString();
  const payment = {
    via: 'pix' as const,
    cents: parseAmount(confirmed.pix.valor) ?? 0,
    on: confirmed.pix.horario.slice(0, 10),
    at,
  };
  const after = await applyBoletoOccurrence(deps, transaction, { kind: 'paid', payment, key }, 'psp');
  // What this call wrote, if anything (a parallel callback with the same Pix may have applied it first).
  if (after.boleto?.payment?.at === at && after.boleto.payment.via === 'pix') return { outcome: 'paid', transaction: after };
  const duplicate = after.boleto?.duplicatePayments?.some((recorded) => recorded.at === at);
  return { outcome: duplicate ? 'duplicate' : 'already_paid', transaction: after };
}
