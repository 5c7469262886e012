import type { DueChargeIssuer, DueChargeRequest } from '../../boleto/registration/due-charge-issuer';
import type { RegisteredBoleto } from '../../domain/boleto-record';
import { formatAmount } from '../../domain/money';
import type { Transaction } from '../../domain/transaction';
import { encodeDynamicBrCode, parseBrCode } from '../br-code';
import { cobvTermsOf } from '../location/cobv-payload';
import { dueChargeTermsOf } from '../location-service/cobv-of-boleto';
import { pspTxidFor } from '../provider/production-pix-provider';
import type { PspLogger } from '../psp/pix-api-client';
import { PixPspError } from '../psp/psp-error';
import type { MerchantPspClients } from './merchant-psp-clients';

/**
 * Boletos híbridos through the merchant's own Pix PSP: each boleto is a `cobv` at the PSP (`PUT /cobv/{txid}`: due date,
 * validity after it, payer, amount, multa/juros/desconto, the PSP secret's key), and the slip's BR Code points at the
 * location the PSP returns, as a Pix charge's does. A PSP that fails ends the create like a Pix charge's (503 `008`,
 * nothing stored). The txid is `gw<transaction id>x…` (pspTxidFor), so the PSP's callback finds the boleto in one read.
 */
export class PspDueCharges implements DueChargeIssuer {
  constructor(
    private readonly connections: Pick<MerchantPspClients, 'connectionOf' | 'hasPsp'>,
    private readonly logger: PspLogger,
  ) {}

  async issue(request: DueChargeRequest): Promise<Pick<RegisteredBoleto, 'brCode' | 'pix'> | undefined> {
    const { transaction } = request;
    if (!(await this.connections.hasPsp(transaction.merchantId))) return undefined;
    const { client, chave } = await this.connections.connectionOf(transaction.merchantId);
    const cobv = await client.createDueCharge(pspTxidFor(transaction.id), cobvTermsOf(dueChargeTermsOf(transaction)));
    const location = cobv.loc.location;
    return {
      brCode:
        brCodeOf(cobv.pixCopiaECola, location) ??
        encodeDynamicBrCode({
          location,
          merchantName: transaction.merchantName,
          merchantCity: request.city,
          amount: formatAmount(transaction.totalCents),
        }),
      pix: { txid: cobv.txid, locationId: location, key: cobv.chave || chave, psp: true },
    };
  }

  async withdraw(transaction: Transaction): Promise<void> {
    const pix = transaction.boleto?.pix;
    if (!pix?.psp) return;
    const context = { merchantId: transaction.merchantId, transactionId: transaction.id, status: transaction.status };
    try {
      const { client } = await this.connections.connectionOf(transaction.merchantId);
      await client.removeDueCharge(pix.txid);
      this.logger.info('Boleto híbrido: cobv removed at the PSP', context);
    } catch (error) {
      if (!(error instanceof PixPspError)) throw error;
      // Paid by Pix meanwhile (the PSP refuses to remove a CONCLUIDA cobv), or the PSP is down: a Pix that arrives is
      // recorded as a duplicate payment by the callback, never a second status change.
      this.logger.warn('Boleto híbrido: the cobv could not be removed at the PSP', { ...context, failure: error.failure });
    }
  }
}

/** The PSP's own copia e cola when it is a dynamic BR Code for this very location. */
function brCodeOf(pixCopiaECola: string | undefined, location: string): string | undefined {
  if (!pixCopiaECola) return undefined;
  try {
    return parseBrCode(pixCopiaECola).dynamic?.location === location ? pixCopiaECola : undefined;
  } catch {
    return undefined;
  }
}
