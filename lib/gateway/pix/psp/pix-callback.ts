import { GatewayError } from '../../errors';
import { isEndToEndId } from '../identifiers/end-to-end-id';
import { jsonOrUndefined } from './json-text';
import type { PixApiClient } from './pix-api-client';
import { type PixCallback, type PspCob, type PspCobv, type PspPix, validatePixCallback } from './pix-api-schemas';

/** A callback body the gateway will not act on (malformed, or not confirmed by the PSP's own API). */
export class PixCallbackError extends GatewayError {
  override name = 'PixCallbackError';
  constructor(message: string) {
    super('invalid_request', message);
  }
}

/**
 * Reads the PSP's `POST <webhookUrl>/pix` body (`{"pix": [{endToEndId, txid, valor, horario, devolucoes?}]}`): the
 * API Pix shape, real end-to-end ids (E…) and return ids (D…). Accepts the raw text or the parsed JSON.
 */
export function parsePixCallback(body: unknown): PixCallback {
  const value = typeof body === 'string' ? jsonOrUndefined(body) : body;
  if (value === undefined) throw new PixCallbackError('O callback Pix não é JSON');
  if (!validatePixCallback(value)) {
    const error = validatePixCallback.errors?.[0];
    throw new PixCallbackError(`O callback Pix não segue a API Pix em ${error?.instancePath || '/'} (${error?.keyword})`);
  }
  for (const pix of value.pix) {
    if (!isEndToEndId(pix.endToEndId)) throw new PixCallbackError('O callback Pix traz um endToEndId inválido');
    for (const devolucao of pix.devolucoes ?? []) {
      if (!isEndToEndId(devolucao.rtrId, 'D')) throw new PixCallbackError('O callback Pix traz um rtrId inválido');
    }
  }
  return value;
}

/**
 * The callback only says "look": mTLS at the edge says who sent it, and this asks the PSP itself (GET /cob/{txid})
 * that the charge is CONCLUIDA and was paid by this very Pix for this amount, before the gateway marks anything paid.
 */
export async function confirmCallbackPix(client: PixApiClient, pix: PspPix): Promise<{ cob: PspCob; pix: PspPix }> {
  if (!pix.txid) throw new PixCallbackError('Pix sem txid: não corresponde a uma cobrança deste gateway');
  const cob = await client.getCharge(pix.txid);
  const paid = cob.pix?.find((candidate) => candidate.endToEndId === pix.endToEndId);
  if (cob.status !== 'CONCLUIDA' || !paid || paid.valor !== pix.valor || paid.valor !== cob.valor.original) {
    throw new PixCallbackError('O PSP Pix não confirma o pagamento informado no callback');
  }
  return { cob, pix: paid };
}

/**
 * The same for a boleto híbrido's `cobv` (GET /cobv/{txid}): CONCLUIDA, paid by this very Pix for the amount the callback
 * says. The amount is the Pix's, not `valor.original`: juros, multa and desconto change what the payer owes.
 */
export async function confirmCallbackDuePix(client: PixApiClient, pix: PspPix): Promise<{ cobv: PspCobv; pix: PspPix }> {
  if (!pix.txid) throw new PixCallbackError('Pix sem txid: não corresponde a uma cobrança deste gateway');
  const cobv = await client.getDueCharge(pix.txid);
  const paid = cobv.pix?.find((candidate) => candidate.endToEndId === pix.endToEndId);
  if (cobv.status !== 'CONCLUIDA' || !paid || paid.valor !== pix.valor) {
    throw new PixCallbackError('O PSP Pix não confirma o pagamento informado no callback');
  }
  return { cobv, pix: paid };
}
