import type { RegisteredBoleto } from '../../domain/boleto-record';
import { formatAmount } from '../../domain/money';
import { encodeDynamicBrCode } from '../../pix/br-code';
import { generateTxid, randomAlphanumeric } from '../../pix/identifiers';
import type { BoletoBankSettings } from '../bank-connection/boleto-bank-settings';

/** As long as the sandbox's Pix locations (lib/gateway/pix/provider): the BR Code's location fits its 77 characters. */
const LOCATION_ID_LENGTH = 25;

/**
 * The boleto híbrido's Pix: a dynamic BR Code whose location (`/v1/pix/loc/<id>` on this service) serves the charge as
 * a signed `cobv` (due date, amount, multa, juros, desconto), paying the connection's Pix key.
 */
export function hybridPixOf(
  input: { merchantName: string; totalCents: number; baseUrl: string },
  settings: Pick<BoletoBankSettings, 'pixKey' | 'cidade'>,
): Pick<RegisteredBoleto, 'brCode' | 'pix'> {
  if (!settings.pixKey) return {};
  const locationId = randomAlphanumeric(LOCATION_ID_LENGTH);
  const brCode = encodeDynamicBrCode({
    location: `${input.baseUrl.replace(/^https?:\/\//, '')}/v1/pix/loc/${locationId}`,
    merchantName: input.merchantName,
    merchantCity: settings.cidade ?? 'BRASIL',
    amount: formatAmount(input.totalCents),
  });
  return { brCode, pix: { txid: generateTxid(), locationId, key: settings.pixKey } };
}
