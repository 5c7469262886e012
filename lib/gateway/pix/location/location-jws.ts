import { CompactSign, type JSONWebKeySet } from 'jose';
import type { CobPayload } from './cob-payload';
import type { CobvPayload } from './cobv-payload';
import type { LocationSigningKey } from './signing-key';

/** The media type the location answers with (a compact JWS). */
export const LOCATION_CONTENT_TYPE = 'application/jose';

/**
 * Signs the payload as the BCB's location endpoint serves it: a compact JWS whose protected header names the key by
 * `kid` and where to fetch it by `jku` (this service's JWKS URL), so the payer's app can verify without prior setup.
 */
export async function signCobPayload(payload: CobPayload | CobvPayload, key: LocationSigningKey, jku: string): Promise<string> {
  if (!/^https?:\/\//.test(jku)) throw new RangeError('jku must be an absolute URL');
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: key.alg, typ: 'JWS', kid: key.kid, jku })
    .sign(key.privateKey);
}

/** The JWKS this service publishes at `jku`: the public halves only (the current key, plus any still being rotated out). */
export function locationJwks(keys: LocationSigningKey[]): JSONWebKeySet {
  return { keys: keys.map((key) => ({ ...key.publicJwk })) };
}
