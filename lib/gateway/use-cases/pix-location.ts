import type { JSONWebKeySet } from 'jose';
import { GatewayError } from '../errors';
import { cobPayloadOf, cobvPayloadOf, locationJwks, signCobPayload } from '../pix/location';
import { cobOf } from '../pix/location-service/cob-of-transaction';
import { cobvOfBoleto } from '../pix/location-service/cobv-of-boleto';
import type { GatewayDependencies } from './dependencies';
import { expireIfOverdue } from './pix-expiry';

/** A location id as the sandbox mints them (lib/gateway/pix/provider): anything else is unknown without a read. */
const LOCATION_ID = /^[a-zA-Z0-9]{1,64}$/;

/**
 * GET /v1/pix/loc/{locationId}: what the payer's app fetches behind the BR Code, the charge as the BCB API Pix `cob`
 * signed as a compact JWS whose header names the key (`kid`) and where to fetch it (`jku`, this service's JWKS).
 * A charge found past its expiry is expired first, so the payload never offers it as payable. A boleto híbrido's
 * location serves its `cobv` (due date, charges, payer).
 */
export async function pixLocationJws(
  deps: Pick<GatewayDependencies, 'store' | 'now' | 'pixLocationKey'>,
  input: { locationId: string | undefined; baseUrl: string },
): Promise<string> {
  const found = LOCATION_ID.test(input.locationId ?? '')
    ? await deps.store.findByPixLocation(input.locationId as string)
    : undefined;
  const jku = pixJwksUrl(input.baseUrl);
  if (found?.boleto?.pix) return signCobPayload(cobvPayloadOf(cobvOfBoleto(found), deps.now()), await deps.pixLocationKey(), jku);
  if (!found?.pix) throw new GatewayError('not_found', 'Cobrança Pix não encontrada');
  const transaction = await expireIfOverdue(deps, found);
  const charge = transaction.pix ?? found.pix;
  const payload = cobPayloadOf(cobOf({ ...transaction, pix: charge }), deps.now());
  return signCobPayload(payload, await deps.pixLocationKey(), jku);
}

/** GET /v1/pix/jwks.json: the public key(s) that verify location payloads. */
export async function pixLocationKeys(deps: Pick<GatewayDependencies, 'pixLocationKey'>): Promise<JSONWebKeySet> {
  return locationJwks([await deps.pixLocationKey()]);
}

export function pixJwksUrl(baseUrl: string): string {
  return `${baseUrl}/v1/pix/jwks.json`;
}
