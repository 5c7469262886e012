import { formatAmount } from '../../domain/money';
import type { PixCharge } from '../../domain/pix-charge';
import type { Refund, RefundStatus } from '../../domain/refund';
import type { Transaction } from '../../domain/transaction';
import { GatewayError } from '../../errors';
import { parseBrCode } from '../br-code';
import { isTxid, randomAlphanumeric } from '../identifiers';
import type { MerchantPspClients } from '../merchant-psp/merchant-psp-clients';
import type { PspDevolucao } from '../psp/pix-api-schemas';
import { PixPspError } from '../psp/psp-error';
import type { PixCharging, PixProvider } from './pix-provider';

const TXID_LENGTH = 35;
const TXID_PATTERN = /^gw(\d{1,15})x[a-zA-Z0-9]+$/;

/**
 * Our txid for a transaction's charge at the PSP: `gw<transaction id>x` and random characters up to 35 (at least 17
 * random: ~100 bits). The PSP's callback names the charge only by txid, so the id inside lets it find the transaction
 * with one read (the PSP confirms the payment anyway: confirmCallbackPix).
 */
export function pspTxidFor(transactionId: number): string {
  const prefix = `gw${transactionId}x`;
  return `${prefix}${randomAlphanumeric(TXID_LENGTH - prefix.length)}`;
}

/** The transaction id inside one of our txids; undefined for anyone else's. */
export function transactionIdOfPspTxid(txid: string): number | undefined {
  const match = TXID_PATTERN.exec(txid);
  return match && isTxid(txid) ? Number(match[1]) : undefined;
}

/** A devolução id is `[a-zA-Z0-9]{1,35}` at the PSP: our refund id without its `_`, the same on every retry. */
export function devolucaoIdOf(refund: Pick<Refund, 'id'>): string {
  const id = refund.id.replace(/[^a-zA-Z0-9]/g, '').slice(0, 35);
  if (!id) throw new RangeError('A refund id must have letters or digits');
  return id;
}

/** The PSP's devolução status as a refund's (DESIGN §7.5). */
export const REFUND_STATUS_OF: Record<PspDevolucao['status'], RefundStatus> = {
  EM_PROCESSAMENTO: 'em_processamento',
  DEVOLVIDO: 'concluido',
  NAO_REALIZADO: 'nao_realizado',
};

/**
 * Production Pix through each merchant's own PSP (BCB API Pix): a charge is `PUT /cob/{txid}` and its BR Code is the
 * PSP's (`pixCopiaECola`, pointing at the PSP's location); a refund is `PUT /pix/{e2eid}/devolucao/{id}`, usually
 * `em_processamento` until the PSP's callback settles it. No simulatePayment: a payer's bank pays.
 */
export class ProductionPixProvider implements PixProvider {
  constructor(private readonly connections: Pick<MerchantPspClients, 'connectionOf'>) {}

  async createCharge(input: PixCharging): Promise<PixCharge> {
    const { client } = await this.connections.connectionOf(input.merchantId);
    const txid = pspTxidFor(input.transactionId);
    const cob = await client.createCharge(txid, {
      expiracao: input.expiresInSeconds,
      valor: formatAmount(input.cents),
      ...(input.description ? { solicitacaoPagador: input.description.slice(0, 140) } : {}),
    });
    const brCode = cob.pixCopiaECola;
    const location = brCode ? locationOf(brCode) : undefined;
    if (!brCode || !location) {
      throw new PixPspError('protocol', 'O PSP Pix não devolveu um BR Code dinâmico válido (pixCopiaECola)');
    }
    const createdAt = Date.parse(cob.calendario.criacao);
    const expiresInSeconds = cob.calendario.expiracao ?? input.expiresInSeconds;
    return {
      txid: cob.txid,
      brCode,
      expiresAt: new Date(createdAt + expiresInSeconds * 1000).toISOString(),
      key: cob.chave,
      revision: cob.revisao,
      locationId: cob.location ?? location,
    };
  }

  async refund(input: { transaction: Transaction; refund: Refund }): Promise<{ status: RefundStatus; reference?: string }> {
    const e2eid = input.transaction.pix?.e2eid;
    if (!e2eid) throw new GatewayError('transition_not_allowed', 'Só um Pix recebido pode ser devolvido');
    const { client } = await this.connections.connectionOf(input.transaction.merchantId);
    const devolucao = await client.requestRefund(e2eid, devolucaoIdOf(input.refund), { valor: formatAmount(input.refund.cents) });
    return { status: REFUND_STATUS_OF[devolucao.status], reference: devolucao.id };
  }
}

function locationOf(brCode: string): string | undefined {
  try {
    return parseBrCode(brCode).dynamic?.location;
  } catch {
    return undefined;
  }
}
