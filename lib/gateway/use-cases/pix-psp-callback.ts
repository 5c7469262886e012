import type { Refund } from '../domain/refund';
import type { Transaction } from '../domain/transaction';
import { transition } from '../domain/transition';
import { GatewayError } from '../errors';
import { callbackSecretMatches, type MerchantPixPsp } from '../pix/merchant-psp/merchant-pix-psp';
import type { MerchantPspClients } from '../pix/merchant-psp/merchant-psp-clients';
import { devolucaoIdOf, REFUND_STATUS_OF, transactionIdOfPspTxid } from '../pix/provider/production-pix-provider';
import type { PixApiClient, PspLogger } from '../pix/psp/pix-api-client';
import type { PspPix } from '../pix/psp/pix-api-schemas';
import { confirmCallbackPix, PixCallbackError, parsePixCallback } from '../pix/psp/pix-callback';
import { PixPspError } from '../pix/psp/psp-error';
import { payBoletoByPix } from './boleto-pix-payment';
import type { GatewayDependencies } from './dependencies';
import { applyPixPayment } from './pix-payment';

export interface PixPspCallbackDependencies {
  gateway: Pick<GatewayDependencies, 'store' | 'now'>;
  merchants: { getPixPsp(merchantId: string): Promise<MerchantPixPsp | undefined> };
  connections: Pick<MerchantPspClients, 'connectionOf'>;
  logger: PspLogger;
}

export type PixCallbackOutcome = 'paid' | 'already_paid' | 'duplicate' | 'refund_settled' | 'ignored';

/** Refund moves are conditional on the revision as read: a lost race is read again this many times. */
const SETTLE_ATTEMPTS = 3;

/**
 * The PSP's webhook, `POST /v1/pix/psp/{merchantId}/{callbackSecret}/pix` (`{"pix": [...]}`). The URL's secret says
 * the call comes from where the merchant's PSP was told to call (404 otherwise, as for an unknown merchant); the body
 * only says "look": every payment is confirmed with the PSP (`GET /cob/{txid}`; a boleto híbrido's `GET /cobv/{txid}`)
 * and every settled devolução read back (`GET /pix/{e2eid}/devolucao/{id}`) before anything changes. A repeated callback changes nothing. When the PSP could
 * not be asked, the answer is the `erro` 503, so the PSP sends the callback again.
 */
export async function receivePixPspCallback(
  deps: PixPspCallbackDependencies,
  input: { merchantId?: string; callbackSecret?: string; body: unknown },
): Promise<{ statusCode: number; body: { recebidos: number; resultados: PixCallbackOutcome[] } }> {
  const { merchantId, callbackSecret } = input;
  const settings = merchantId && callbackSecret ? await deps.merchants.getPixPsp(merchantId) : undefined;
  if (!merchantId || !callbackSecret || !settings || !callbackSecretMatches(callbackSecret, settings)) {
    throw new GatewayError('not_found');
  }
  const callback = parsePixCallback(input.body);
  const { client } = await deps.connections.connectionOf(merchantId);
  const outcomes: PixCallbackOutcome[] = [];
  let unavailable: PixPspError | undefined;
  for (const pix of callback.pix) {
    try {
      outcomes.push(...(await handlePix(deps, merchantId, client, pix)));
    } catch (error) {
      if (error instanceof PixCallbackError) {
        deps.logger.warn('Pix PSP callback not confirmed by the PSP', { merchantId, txid: pix.txid, reason: error.message });
        outcomes.push('ignored');
      } else if (error instanceof PixPspError) {
        deps.logger.warn('Pix PSP callback: the PSP could not be asked', { merchantId, txid: pix.txid, failure: error.failure });
        unavailable ??= error;
      } else {
        throw error;
      }
    }
  }
  deps.logger.info('Pix PSP callback', { merchantId, pix: callback.pix.length, outcomes });
  if (unavailable) throw unavailable;
  return { statusCode: 200, body: { recebidos: callback.pix.length, resultados: outcomes } };
}

async function handlePix(
  deps: PixPspCallbackDependencies,
  merchantId: string,
  client: PixApiClient,
  pix: PspPix,
): Promise<PixCallbackOutcome[]> {
  const id = pix.txid ? transactionIdOfPspTxid(pix.txid) : undefined;
  const found = id === undefined ? undefined : await deps.gateway.store.getOfMerchant(merchantId, id);
  if (found?.boleto?.pix?.psp && found.boleto.pix.txid === pix.txid) {
    const paid = await payBoletoByPix(deps.gateway, client, found, pix);
    if (paid.outcome === 'duplicate') {
      deps.logger.warn('Pix PSP callback: a Pix paid a boleto already settled; return it to the payer', {
        merchantId,
        transactionId: found.id,
        status: paid.transaction.status,
      });
    }
    return [paid.outcome];
  }
  if (!found?.pix || found.pix.txid !== pix.txid) {
    deps.logger.warn('Pix PSP callback for no charge of this merchant', { merchantId, txid: pix.txid });
    return ['ignored'];
  }
  const payment = await pay(deps, client, found, pix);
  const outcomes: PixCallbackOutcome[] = [payment.outcome];
  let transaction = payment.transaction;
  for (const devolucao of pix.devolucoes ?? []) {
    if (devolucao.status === 'EM_PROCESSAMENTO') continue;
    const pending = pendingRefund(transaction, devolucao.id);
    if (!pending) continue; // settled already (a repeated callback), or not one of ours
    const confirmed = await client.getRefund(pix.endToEndId, devolucao.id);
    if (confirmed.status !== devolucao.status) {
      throw new PixCallbackError('O PSP Pix não confirma a situação da devolução informada no callback');
    }
    transaction = await settleRefund(deps, transaction, devolucao.id, REFUND_STATUS_OF[confirmed.status]);
    outcomes.push('refund_settled');
  }
  return outcomes;
}

/** The charge paid by this Pix, once: confirmed with the PSP, then the one use case every payment path shares. */
async function pay(
  deps: PixPspCallbackDependencies,
  client: PixApiClient,
  transaction: Transaction,
  pix: PspPix,
): Promise<{ outcome: PixCallbackOutcome; transaction: Transaction }> {
  const paidBy = transaction.pix?.e2eid;
  if (paidBy === pix.endToEndId) return { outcome: 'already_paid', transaction };
  if (paidBy) throw new PixCallbackError('A cobrança já foi paga por outro Pix');
  const confirmed = await confirmCallbackPix(client, pix);
  try {
    const paid = await applyPixPayment(deps.gateway, transaction, {
      e2eid: confirmed.pix.endToEndId,
      paidAt: confirmed.pix.horario,
      by: 'psp',
    });
    return { outcome: 'paid', transaction: paid };
  } catch (error) {
    if (!(error instanceof GatewayError) || error.kind !== 'transition_not_allowed') throw error;
    const now = await deps.gateway.store.getOfMerchant(transaction.merchantId, transaction.id);
    if (now?.pix?.e2eid === pix.endToEndId) return { outcome: 'already_paid', transaction: now }; // a parallel callback won
    // Money received for a charge this gateway no longer waits for (expired meanwhile): the merchant must return it.
    deps.logger.warn('Pix PSP callback: a Pix paid a charge that is no longer awaiting payment; refund it at the PSP', {
      merchantId: transaction.merchantId,
      transactionId: transaction.id,
      status: now?.status,
    });
    return { outcome: 'ignored', transaction: now ?? transaction };
  }
}

function pendingRefund(transaction: Transaction, devolucaoId: string): Refund | undefined {
  return transaction.refunds?.find(
    (refund) =>
      refund.status === 'em_processamento' && (refund.reference === devolucaoId || devolucaoIdOf(refund) === devolucaoId),
  );
}

/** `refund_settled` (gw-refunds' command), read again and retried when another move won the revision meanwhile. */
async function settleRefund(
  deps: PixPspCallbackDependencies,
  transaction: Transaction,
  devolucaoId: string,
  status: 'concluido' | 'nao_realizado' | 'em_processamento',
): Promise<Transaction> {
  let current: Transaction | undefined = transaction;
  for (let attempt = 1; current && attempt <= SETTLE_ATTEMPTS; attempt++) {
    const refund = pendingRefund(current, devolucaoId);
    if (!refund || status === 'em_processamento') return current;
    const move = transition(current, {
      type: 'refund_settled',
      refundId: refund.id,
      status,
      at: deps.gateway.now().toISOString(),
      by: 'psp',
    });
    const result = await deps.gateway.store.apply(move);
    if (result.moved) return result.transaction;
    current = result.current;
  }
  throw new PixPspError('unavailable', 'A devolução mudou durante a operação; o PSP reenviará o callback');
}
